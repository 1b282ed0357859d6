using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Text;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>
/// The schema of a type: a canonical description of everything a reader must agree on to read its payloads, with two
/// fingerprints (docs/schema.md). <see cref="For(Type)"/> builds it from the codec's contract model, once per type.
/// </summary>
public sealed partial class PackSchema
{
    /// <summary>The value of the document's <c>format</c> property.</summary>
    public const string Format = SchemaText.Format;

    /// <summary>The response header that carries the wire fingerprint of a Pack body's declared type (docs/schema.md §5).</summary>
    public const string HeaderName = "Pack-Schema";

    /// <summary>The path at which a server serves its schema set by default, and where a client looks for it (docs/schema.md §5).</summary>
    public const string DefaultEndpointPath = "/pack/schema";

    private static readonly ConcurrentDictionary<Type, PackSchema> Cache = new();

    private string? contractText;
    private string? wireText;
    private string? contractFingerprint;
    private string? wireFingerprint;

    /// <summary>Creates a schema from its types; <c>types[0]</c> is the root.</summary>
    /// <param name="types">The type entries, numbered as docs/schema.md §1.3 says.</param>
    public PackSchema(IReadOnlyList<PackSchemaType> types)
    {
        ArgumentNullException.ThrowIfNull(types);
        if (types.Count == 0)
        {
            throw new ArgumentException("A schema has at least its root type.", nameof(types));
        }

        Types = types;
    }

    /// <summary>The type entries; <c>Types[0]</c> is the root.</summary>
    public IReadOnlyList<PackSchemaType> Types { get; }

    /// <summary>The root type.</summary>
    public PackSchemaType Root => Types[0];

    /// <summary>The root's label: its name, or <c>list&lt;i32&gt;</c> and the like for unnamed types (docs/schema.md §1.2).</summary>
    public string Label => LabelOf(0);

    /// <summary>Whether this is a wire form (no names).</summary>
    public bool IsWireForm => !Types.Any(t => t.Name is not null || t.Members.Any(m => m.Name is not null) || t.Values.Any(v => v.Name is not null));

    /// <summary>The fingerprint of the wire form: 16 lowercase hex digits. Equal wire fingerprints mean the same bytes.</summary>
    public string WireFingerprint => wireFingerprint ??= Fingerprint(WireCanonicalText);

    /// <summary>The fingerprint of the contract form (names and defaults included): 16 lowercase hex digits.</summary>
    public string ContractFingerprint => contractFingerprint ??= Fingerprint(CanonicalText);

    /// <summary>The canonical text of the contract form (docs/schema.md §2.1).</summary>
    public string CanonicalText => contractText ??= SchemaText.Write(ToEntries(), wire: false);

    /// <summary>The canonical text of the wire form (docs/schema.md §2.2).</summary>
    public string WireCanonicalText => wireText ??= SchemaText.Write(ToEntries(), wire: true);

    /// <summary>The schema of <paramref name="type"/>, built from the codec's contract model once and cached.</summary>
    /// <param name="type">The root type.</param>
    /// <exception cref="NotSupportedException">
    /// Pack does not support the type or a type it reaches; or the run-time path is off (Native AOT, or the
    /// <see cref="PackSerializer.IsReflectionEnabledByDefault"/> switch set to <see langword="false"/>), where
    /// <see cref="TryGetGenerated"/> and <see cref="TryGet"/> give the schema of a generated context's root.
    /// </exception>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    public static PackSchema For(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        if (!PackSerializer.IsDynamicFallbackEnabled)
        {
            ThrowReflectionDisabled(type);
        }

        return Cache.GetOrAdd(type, static t => new PackSchema(ToTypes(new SchemaBuilder<Type>(ContractDescriber.Instance).Build(t))));
    }

    /// <summary>Computes the fingerprint (docs/schema.md §2.3) of a canonical text.</summary>
    /// <param name="canonicalText">The canonical text.</param>
    /// <returns>The first 8 bytes of its UTF-8 SHA-256, as 16 lowercase hex digits.</returns>
    public static string Fingerprint(string canonicalText)
    {
        ArgumentNullException.ThrowIfNull(canonicalText);
        return SchemaText.Fingerprint(canonicalText);
    }

    /// <summary>The wire form: this schema without names and defaults.</summary>
    public PackSchema ToWireForm() => Parse(WireCanonicalText);

    /// <summary>The label (docs/schema.md §1.2) of the type at <paramref name="index"/>.</summary>
    /// <param name="index">An index into <see cref="Types"/>.</param>
    /// <returns>
    /// The whole label: a schema that was read or built from a contract has labels of at most 4,096 characters
    /// (docs/schema.md §1.5). Only a schema made by hand from its types that breaks that rule (a label that long, or a
    /// collection of itself) gets its first 4,096 characters and <c>…</c>.
    /// </returns>
    public string LabelOf(int index)
    {
        var label = new StringBuilder();
        AppendLabel(index, label);
        return label.Length <= MaxLabelLength ? label.ToString() : string.Concat(label.ToString(0, MaxLabelLength), "…");
    }

    // Stops once the label is longer than MaxLabelLength: each level appends at least "set<", so the recursion is at
    // most about a thousand levels deep however the types refer to each other.
    private void AppendLabel(int index, StringBuilder label)
    {
        if (label.Length > MaxLabelLength)
        {
            return;
        }

        var type = Types[index];
        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                label.Append(type.Primitive);
                break;
            case PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set:
                label.Append(type.Kind switch { PackSchemaKind.Nullable => "nullable<", PackSchemaKind.List => "list<", _ => "set<" });
                AppendLabel(type.Element, label);
                label.Append('>');
                break;
            case PackSchemaKind.Map:
                label.Append("map<");
                AppendLabel(type.Key, label);
                label.Append(',');
                AppendLabel(type.Value, label);
                label.Append('>');
                break;
            default:
                if (type.Name is null)
                {
                    label.Append('#').Append(index.ToString(System.Globalization.CultureInfo.InvariantCulture));
                }
                else
                {
                    label.Append(type.Name);
                }

                break;
        }
    }
}
