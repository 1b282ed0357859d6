namespace Pack.Tool.Codegen;

/// <summary>A list (<see cref="Nullable"/> false for <c>Memory&lt;T&gt;</c>).</summary>
internal sealed record ContractList(ContractType Element, bool Nullable) : ContractType;
