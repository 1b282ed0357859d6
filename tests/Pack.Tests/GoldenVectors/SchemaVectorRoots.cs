using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests.GoldenVectors;

/// <summary>The root types of docs/vectors/schemas.json, by the name the file gives them (its <c>type</c>).</summary>
public static class SchemaVectorRoots
{
    /// <summary>Every <c>Vector*</c> type of types.json and a few built-in roots.</summary>
    public static readonly (string Name, Type Type)[] All =
    [
        .. typeof(VectorShape).Assembly.GetTypes()
            .Where(t => t.Namespace == typeof(VectorShape).Namespace)
            .Select(t => (t.Name, t)),
        ("int", typeof(int)),
        ("int?", typeof(int?)),
        ("string[]", typeof(string[])),
        ("List<string>", typeof(List<string>)),
        ("Dictionary<string, int>", typeof(Dictionary<string, int>)),
        ("HashSet<Guid>", typeof(HashSet<Guid>)),
        ("(int, string)", typeof((int, string))),
        ("(int, int)", typeof((int, int))),
        ("KeyValuePair<string, VectorColor?>", typeof(KeyValuePair<string, VectorColor?>)),
    ];

    /// <summary>The type the file calls <paramref name="name"/>.</summary>
    public static Type Get(string name) => All.Single(r => r.Name == name).Type;
}
