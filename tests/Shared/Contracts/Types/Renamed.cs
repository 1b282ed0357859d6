namespace Pack.ContractTests.Types;

/// <summary>A derived record with a constructor default and an extra init member over <see cref="AuditRecord"/>.</summary>
public sealed record Renamed(string From, string? To = "none") : AuditRecord
{
    public int[]? Tags { get; init; }
}
