namespace Pack.ContractTests.Types;

/// <summary>A later version of <see cref="Defaults"/>: its first three members.</summary>
public sealed record DefaultsV2(int Id, string? Name, double Ratio);
