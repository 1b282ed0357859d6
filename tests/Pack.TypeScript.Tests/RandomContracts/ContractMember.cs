namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// One member of a random declaration: a property (or a public field, or a positional parameter), its type, its
/// <c>[PackOrder]</c> when the declaration uses them, and a constant default (an initializer or a parameter default:
/// its C# text and its §14 JSON, as types.json records a member's <c>default</c>). In a constructor-bound declaration,
/// <see cref="Parameter"/> is the constructor parameter bound to it (its default is the parameter's) and
/// <see cref="Accessor"/> how it is declared (<c>get;</c>, <c>get; init;</c>, <c>get; private set;</c>, a readonly
/// field); in a <c>[DataContract]</c> declaration, <see cref="Accessor"/> is its accessibility. An unbound property of a
/// generic class (a base of others, issue 42) may have a <see cref="Setter"/> generated code cannot call directly.
/// </summary>
public sealed record ContractMember(string Name, ContractTypeRef Type, bool IsField, int? Order, string? DefaultCSharp, System.Text.Json.Nodes.JsonNode? DefaultJson)
{
    public string? Parameter { get; init; }

    public string? Accessor { get; init; }

    /// <summary>How an unbound property is set: <c>private set</c>, <c>protected set</c>, <c>init</c>, <c>required</c> (a required <c>init</c>), or null for <c>set</c>.</summary>
    public string? Setter { get; init; }
}
