using Pack.Schema;

namespace Pack.Tool.Codegen;

/// <summary>A named type of the set: the facts of its schema entry.</summary>
/// <param name="Key">Its key: the .NET name, or for a wire form's unnamed entry <c>#schema.index</c>.</param>
/// <param name="DotnetName">The .NET name, if the schema has one.</param>
/// <param name="Kind">Enum, object, frozen struct or union.</param>
/// <param name="Nullable">Whether a value can be null (a class or union, not a struct).</param>
/// <param name="Width">A frozen struct's width in bytes.</param>
/// <param name="Members">An object's or frozen struct's members, in wire order.</param>
/// <param name="Cases">A union's cases.</param>
/// <param name="Underlying">An enum's underlying primitive.</param>
/// <param name="Values">An enum's named values.</param>
internal sealed record ContractNamedType(
    string Key,
    string? DotnetName,
    PackSchemaKind Kind,
    bool Nullable,
    int Width,
    IReadOnlyList<ContractMember> Members,
    IReadOnlyList<ContractCase> Cases,
    string? Underlying,
    IReadOnlyList<(string? Name, string Value)> Values)
{
    /// <summary>A .NET tuple or <c>KeyValuePair</c> (a Python <c>tuple</c>).</summary>
    public bool TupleForm => DotnetName is { } n && (n.StartsWith("System.ValueTuple<", StringComparison.Ordinal)
        || n.StartsWith("System.Tuple<", StringComparison.Ordinal) || n.StartsWith("System.Collections.Generic.KeyValuePair<", StringComparison.Ordinal));
}
