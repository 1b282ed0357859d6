// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
namespace Pack.Schema.Building;

/// <summary>
/// What C# says about null at one place of a member's declared type (docs/schema.md §1.4), as an adapter reads it:
/// the type at that place, its state (one of <see cref="SchemaNullability"/>'s characters) and the same for its type
/// arguments (an array's element, or a generic type's arguments in order). The builder matches the arguments to the
/// schema's element, key and value; an adapter reports what the declaration says and decides nothing.
/// </summary>
/// <typeparam name="TType">A type.</typeparam>
internal sealed class SchemaAnnotation<TType>
    where TType : class
{
    public SchemaAnnotation(TType type, char state, SchemaAnnotation<TType>[] arguments)
    {
        Type = type;
        State = state;
        Arguments = arguments;
    }

    /// <summary>The (closed) type at this place.</summary>
    public TType Type { get; }

    /// <summary><see cref="SchemaNullability.Nullable"/>, <see cref="SchemaNullability.NonNullable"/> or <see cref="SchemaNullability.Oblivious"/>.</summary>
    public char State { get; }

    /// <summary>An array's element, or a generic type's own type arguments, in order; empty when there are none or they are unknown.</summary>
    public SchemaAnnotation<TType>[] Arguments { get; }
}
