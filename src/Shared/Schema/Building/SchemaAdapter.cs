// Shared, as source, by the run-time path and the source generator: see SchemaBuilder.
using System.Collections.Generic;

namespace Pack.Schema.Building;

/// <summary>
/// Answers <see cref="SchemaBuilder{TType}"/>'s questions about types from one contract model: the run-time path's
/// (ContractDescriber, reflection) or the generator's (RoslynSchemaAdapter, its parsed shapes). An adapter reports the
/// contract model's facts; the builder decides names, numbering and layout of the schema.
/// </summary>
/// <typeparam name="TType">A type.</typeparam>
internal abstract class SchemaAdapter<TType>
    where TType : class
{
    /// <summary>Describes <paramref name="type"/> as Pack reads and writes it.</summary>
    public abstract SchemaDescription<TType> Describe(TType type);

    /// <summary>A key unique to the type among the types of one schema (its assembly-qualified name, or the like).</summary>
    public abstract string Identity(TType type);

    /// <summary>The namespace, enclosing types and the type's own name, <c>.</c>-separated, without generic arity (<c>Shop.Page</c>).</summary>
    public abstract string NameStem(TType type);

    /// <summary>Whether the type is a value type (a struct whose null encoding is its default value: docs/schema.md §1.4).</summary>
    public abstract bool IsValueType(TType type);

    /// <summary>The generic arguments (those of the enclosing types first), or none.</summary>
    public abstract IReadOnlyList<TType> GenericArguments(TType type);

    /// <summary>
    /// The defaults of an object's members (docs/schema.md §1.1): for each member in wire order, the canonical JSON text
    /// of the value a reader gives it when a payload lacks it, or <see langword="null"/> when that is its type's zero
    /// value. <see langword="false"/> when the model cannot tell (the generator, for a constructor it cannot read).
    /// </summary>
    /// <param name="type">The object type.</param>
    /// <param name="entries">The schema's entries so far, defaults not yet filled in.</param>
    /// <param name="index">The index of <paramref name="type"/>'s entry.</param>
    /// <param name="defaults">The defaults, one per member.</param>
    public abstract bool TryGetDefaults(TType type, IReadOnlyList<SchemaEntry> entries, int index, out string?[] defaults);
}
