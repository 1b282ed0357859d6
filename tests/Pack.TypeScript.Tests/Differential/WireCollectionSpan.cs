namespace Pack.TypeScript.Tests.Differential;

/// <summary>A non-null collection (§5) in a valid payload: its count, where each element (or entry) begins, and its end.</summary>
public sealed record WireCollectionSpan(int CountOffset, IReadOnlyList<int> ElementStarts, int End);
