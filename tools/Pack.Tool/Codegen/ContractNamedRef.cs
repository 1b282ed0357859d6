namespace Pack.Tool.Codegen;

/// <summary>A named type (enum, object, frozen struct, union), by its key in <see cref="ContractModel.Named"/>.</summary>
internal sealed record ContractNamedRef(string Key) : ContractType;
