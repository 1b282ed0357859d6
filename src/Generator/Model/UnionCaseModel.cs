namespace Pack.Generator.Model;

/// <summary>One case of a union: its tag and the fully qualified name of its type.</summary>
internal sealed record UnionCaseModel(ushort Tag, string TypeName);
