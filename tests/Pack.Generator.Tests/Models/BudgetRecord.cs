namespace Pack.Generator.Tests.Models;

/// <summary>A positional record with string and long members: no user code for either path.</summary>
public sealed record BudgetRecord(long Id, string? Name, long Value);
