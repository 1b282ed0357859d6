namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// A type as a random contract uses it: a primitive, one of the generated declarations, <c>Nullable&lt;T&gt;</c>, an
/// array, <c>List&lt;T&gt;</c>, <c>HashSet&lt;T&gt;</c> or <c>Dictionary&lt;K, V&gt;</c>. <see cref="Annotated"/> is the
/// C# nullable-reference annotation (<c>?</c>) of a reference type at this place (docs/schema.md §1.4).
/// </summary>
public abstract record ContractTypeRef(bool Annotated)
{
    /// <summary>Whether the type is a .NET value type.</summary>
    public abstract bool IsValueType { get; }

    /// <summary>The encoded length when fixed (wire-format §7), otherwise −1.</summary>
    public abstract int FixedWidth { get; }

    /// <summary>The C# spelling, with the nullable annotation when <paramref name="annotations"/> (not allowed in <c>typeof</c>).</summary>
    public abstract string CSharp(bool annotations);

    /// <summary>The spelling of the vector files (docs/vectors/types.json), which the Differential helpers and the TypeScript model parse.</summary>
    public abstract string VectorName { get; }

    /// <summary>Whether the schema member has a reference position here that is <c>!</c>.</summary>
    public bool ForbidsNull => !IsValueType && !Annotated;

    protected string Mark(bool annotations) => annotations && Annotated && !IsValueType ? "?" : "";

    /// <summary>A primitive of wire-format §2 (or <c>string</c>), named as the vector files name it.</summary>
    public sealed record Primitive(string Name, int Width, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => Name != "string";

        public override int FixedWidth => Width;

        public override string CSharp(bool annotations) => Name + Mark(annotations);

        public override string VectorName => Name;
    }

    /// <summary>A generated declaration.</summary>
    public sealed record Named(ContractDeclaration Declaration, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => Declaration.IsValueType;

        public override int FixedWidth => Declaration.FixedWidth;

        public override string CSharp(bool annotations) => Declaration.Definition is { } definition
            ? $"{definition.CSharpName}<{string.Join(", ", Declaration.TypeArguments.Select(a => a.CSharp(annotations)))}>{Mark(annotations)}"
            : Declaration.CSharpName + Mark(annotations);

        public override string VectorName => Declaration.Name;
    }

    /// <summary>A type parameter of a generic declaration (<c>T0</c>, <c>T1</c>): only in a definition's members, never in a value's type.</summary>
    public sealed record TypeParameter(int Index) : ContractTypeRef(false)
    {
        public override bool IsValueType => false;

        public override int FixedWidth => -1;

        public override string CSharp(bool annotations) => $"T{Index}";

        public override string VectorName => throw new InvalidOperationException("A type parameter has no values.");
    }

    /// <summary>
    /// <paramref name="type"/> with the type parameters replaced by <paramref name="arguments"/>, as a closed generic
    /// declaration's member: a place typed by a type parameter is oblivious (docs/schema.md §1.4), read as <c>?</c>, and
    /// so are the places inside the argument (up to the members of the objects in it).
    /// </summary>
    public static ContractTypeRef Substitute(ContractTypeRef type, IReadOnlyList<ContractTypeRef> arguments) => type switch
    {
        TypeParameter p => Oblivious(arguments[p.Index]),
        Sequence s => s with { Element = Substitute(s.Element, arguments) },
        Map m => m with { Key = Substitute(m.Key, arguments), Value = Substitute(m.Value, arguments) },
        Tuple t => t with { Items = t.Items.Select(i => Substitute(i, arguments)).ToList() },
        NullableValue n => n with { Inner = Substitute(n.Inner, arguments) },
        _ => type,
    };

    private static ContractTypeRef Oblivious(ContractTypeRef type) => type switch
    {
        Primitive p => p with { Annotated = !p.IsValueType },
        Named n => n with { Annotated = !n.IsValueType },
        Sequence s => s with { Element = Oblivious(s.Element), Annotated = !s.IsValueType },
        Map m => m with { Key = Oblivious(m.Key), Value = Oblivious(m.Value), Annotated = true },
        Tuple t => t with { Items = t.Items.Select(Oblivious).ToList(), Annotated = t.Class },
        NullableValue n => n with { Inner = Oblivious(n.Inner) },
        _ => type,
    };

    /// <summary><c>Nullable&lt;T&gt;</c> of a value type.</summary>
    public sealed record NullableValue(ContractTypeRef Inner) : ContractTypeRef(false)
    {
        public override bool IsValueType => true;

        public override int FixedWidth => -1;

        public override string CSharp(bool annotations) => Inner.CSharp(annotations) + "?";

        public override string VectorName => Inner.VectorName + "?";
    }

    /// <summary>A sequence of wire-format §5: count and elements.</summary>
    public sealed record Sequence(SequenceKind Kind, ContractTypeRef Element, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override int FixedWidth => -1;

        /// <summary><c>ImmutableArray&lt;T&gt;</c> and <c>Memory&lt;T&gt;</c> are structs (a default ImmutableArray is written as null, a Memory is never null, wire-format §5).</summary>
        public override bool IsValueType => Kind is SequenceKind.ImmutableArray or SequenceKind.Memory;

        public override string CSharp(bool annotations) => Kind == SequenceKind.Array
            ? $"{Element.CSharp(annotations)}[]{Mark(annotations)}"
            : $"{Kind}<{Element.CSharp(annotations)}>{Mark(annotations)}";

        public override string VectorName => Kind == SequenceKind.Array ? $"{Element.VectorName}[]" : $"{Kind}<{Element.VectorName}>";
    }

    /// <summary>A <c>Dictionary&lt;K, V&gt;</c>, or when <paramref name="ReadOnly"/> an <c>IReadOnlyDictionary&lt;K, V&gt;</c> (read back as a Dictionary).</summary>
    public sealed record Map(ContractTypeRef Key, ContractTypeRef Value, bool Annotated = false, bool ReadOnly = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => false;

        public override int FixedWidth => -1;

        private string Definition => ReadOnly ? "IReadOnlyDictionary" : "Dictionary";

        public override string CSharp(bool annotations) => $"{Definition}<{Key.CSharp(annotations)}, {Value.CSharp(annotations)}>{Mark(annotations)}";

        public override string VectorName => $"{Definition}<{Key.VectorName}, {Value.VectorName}>";
    }

    /// <summary>
    /// A <c>ValueTuple</c> of 1 to 7 items, or of 8 whose eighth is the tuple <c>Rest</c> (wire-format §7); a
    /// <c>KeyValuePair&lt;K, V&gt;</c> (<paramref name="KeyValue"/>); or a <c>Tuple&lt;…&gt;</c> class
    /// (<paramref name="Class"/>, nullable). A struct tuple is fixed when every item is. Items are typed by type
    /// parameters, so they are oblivious (docs/schema.md §1.4).
    /// </summary>
    public sealed record Tuple(IReadOnlyList<ContractTypeRef> Items, bool KeyValue = false, bool Class = false, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => !Class;

        public override int FixedWidth => !Class && Items.All(i => i.FixedWidth >= 0) ? Items.Sum(i => i.FixedWidth) : -1;

        public IEnumerable<string> Names => KeyValue ? ["Key", "Value"] : Items.Select((_, i) => i == 7 ? "Rest" : $"Item{i + 1}");

        public override string CSharp(bool annotations) => KeyValue
            ? $"KeyValuePair<{Items[0].CSharp(annotations)}, {Items[1].CSharp(annotations)}>"
            : Class ? $"Tuple<{string.Join(", ", Items.Select(i => i.CSharp(annotations)))}>{Mark(annotations)}"
            : Items.Count is 1 or 8 ? $"ValueTuple<{string.Join(", ", Items.Select(i => i.CSharp(annotations)))}>"
            : $"({string.Join(", ", Items.Select(i => i.CSharp(annotations)))})";

        /// <summary>As the vector files spell it: 8 entries are the 8-member tuple whose last is <c>Rest</c> (wire-format §7).</summary>
        public override string VectorName => KeyValue
            ? $"KeyValuePair<{Items[0].VectorName}, {Items[1].VectorName}>"
            : Class ? $"Tuple<{string.Join(", ", Items.Select(i => i.VectorName))}>"
            : $"({string.Join(", ", Items.Select(i => i.VectorName))})";
    }
}
