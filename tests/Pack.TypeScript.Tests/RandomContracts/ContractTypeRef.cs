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

        public override string CSharp(bool annotations) => Declaration.Name + Mark(annotations);

        public override string VectorName => Declaration.Name;
    }

    /// <summary><c>Nullable&lt;T&gt;</c> of a value type.</summary>
    public sealed record NullableValue(ContractTypeRef Inner) : ContractTypeRef(false)
    {
        public override bool IsValueType => true;

        public override int FixedWidth => -1;

        public override string CSharp(bool annotations) => Inner.CSharp(annotations) + "?";

        public override string VectorName => Inner.VectorName + "?";
    }

    /// <summary>An array, a <c>List&lt;T&gt;</c> or a <c>HashSet&lt;T&gt;</c>.</summary>
    public sealed record Sequence(SequenceKind Kind, ContractTypeRef Element, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => false;

        public override int FixedWidth => -1;

        public override string CSharp(bool annotations) => Kind switch
        {
            SequenceKind.Array => $"{Element.CSharp(annotations)}[]{Mark(annotations)}",
            SequenceKind.List => $"List<{Element.CSharp(annotations)}>{Mark(annotations)}",
            _ => $"HashSet<{Element.CSharp(annotations)}>{Mark(annotations)}",
        };

        public override string VectorName => Kind switch
        {
            SequenceKind.Array => $"{Element.VectorName}[]",
            SequenceKind.List => $"List<{Element.VectorName}>",
            _ => $"HashSet<{Element.VectorName}>",
        };
    }

    /// <summary>A <c>Dictionary&lt;K, V&gt;</c>.</summary>
    public sealed record Map(ContractTypeRef Key, ContractTypeRef Value, bool Annotated = false) : ContractTypeRef(Annotated)
    {
        public override bool IsValueType => false;

        public override int FixedWidth => -1;

        public override string CSharp(bool annotations) => $"Dictionary<{Key.CSharp(annotations)}, {Value.CSharp(annotations)}>{Mark(annotations)}";

        public override string VectorName => $"Dictionary<{Key.VectorName}, {Value.VectorName}>";
    }
}
