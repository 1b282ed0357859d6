namespace Pack.Generator.Tests;

/// <summary>A context registered only by a test, after its type was first used.</summary>
[PackSerializable(typeof(LateDto))]
internal partial class LateContext : PackSerializerContext;
