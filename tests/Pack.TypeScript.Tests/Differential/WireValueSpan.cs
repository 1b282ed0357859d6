namespace Pack.TypeScript.Tests.Differential;

/// <summary>A value that has a null encoding (or, for a struct with a header, a forbidden one): its bytes and that encoding.</summary>
public sealed record WireValueSpan(int Start, int End, byte[] NullBytes);
