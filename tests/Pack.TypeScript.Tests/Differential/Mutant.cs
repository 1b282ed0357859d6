namespace Pack.TypeScript.Tests.Differential;

/// <summary>An input derived from a valid vector: how it was made, and its bytes.</summary>
public sealed record Mutant(string Description, byte[] Bytes);
