namespace Pack.Tool.Codegen;

/// <summary>A dictionary.</summary>
internal sealed record ContractMap(ContractType Key, ContractType Value, bool Nullable) : ContractType;
