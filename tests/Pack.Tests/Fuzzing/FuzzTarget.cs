namespace Pack.Tests.Fuzzing;

/// <summary>A type to fuzz: its mutator and the call under test.</summary>
public sealed record FuzzTarget(string Name, PackShape Shape, PackFuzzer Fuzzer, Action<byte[]> Read);
