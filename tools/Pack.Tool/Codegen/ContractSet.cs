namespace Pack.Tool.Codegen;

/// <summary>A set.</summary>
internal sealed record ContractSet(ContractType Element, bool Nullable) : ContractType;
