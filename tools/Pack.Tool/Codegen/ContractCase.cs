namespace Pack.Tool.Codegen;

/// <summary>A union case: its tag and the key of its type in <see cref="ContractModel.Named"/>.</summary>
internal sealed record ContractCase(int Tag, string CaseKey);
