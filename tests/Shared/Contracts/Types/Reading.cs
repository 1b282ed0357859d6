namespace Pack.ContractTests.Types;

/// <summary>A mutable record struct with a reference-type member (not fixed width).</summary>
public record struct Reading(string? Label, double Value, DateTime At);
