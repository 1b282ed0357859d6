namespace Pack.Tool.Codegen;

/// <summary>.NET <c>Nullable&lt;T&gt;</c>.</summary>
internal sealed record ContractNullable(ContractType Element) : ContractType;
