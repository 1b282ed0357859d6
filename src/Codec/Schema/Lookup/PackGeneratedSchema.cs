namespace Pack.Schema;

/// <summary>
/// The schema of one root type of a <see cref="PackSerializerContext"/>, computed by the source generator at compile
/// time from the same contract model and the same schema rules as <see cref="PackSchema.For(Type)"/>, and emitted as
/// constants: reading it hashes nothing and needs no reflection, so it works under Native AOT (docs/schema.md §4).
/// </summary>
/// <remarks>
/// The wire form (docs/schema.md §2.2) is always known at compile time. The contract form also holds members'
/// defaults, the values a reader gives absent members; the generator knows them when they are constants (constructor
/// parameter defaults, constant or empty-collection initializers) and the constructors that run assign nothing else
/// to members. Otherwise <see cref="CanonicalText"/> and <see cref="ContractFingerprint"/> are <see langword="null"/>.
/// </remarks>
public sealed class PackGeneratedSchema
{
    /// <summary>Creates the constants of one root type; generated code calls this.</summary>
    /// <param name="type">The root type.</param>
    /// <param name="wireCanonicalText">The canonical text of the wire form (docs/schema.md §2.2).</param>
    /// <param name="wireFingerprint">The wire fingerprint (docs/schema.md §2.3).</param>
    /// <param name="canonicalText">The canonical text of the contract form, or <see langword="null"/> when a default is not known at compile time.</param>
    /// <param name="contractFingerprint">The contract fingerprint, or <see langword="null"/> with <paramref name="canonicalText"/>.</param>
    public PackGeneratedSchema(Type type, string wireCanonicalText, string wireFingerprint, string? canonicalText, string? contractFingerprint)
    {
        ArgumentNullException.ThrowIfNull(type);
        ArgumentNullException.ThrowIfNull(wireCanonicalText);
        ArgumentNullException.ThrowIfNull(wireFingerprint);
        if ((canonicalText is null) != (contractFingerprint is null))
        {
            throw new ArgumentException("The contract form's text and fingerprint come together.", nameof(contractFingerprint));
        }

        Type = type;
        WireCanonicalText = wireCanonicalText;
        WireFingerprint = wireFingerprint;
        CanonicalText = canonicalText;
        ContractFingerprint = contractFingerprint;
    }

    /// <summary>The root type.</summary>
    public Type Type { get; }

    /// <summary>The canonical text of the wire form (docs/schema.md §2.2).</summary>
    public string WireCanonicalText { get; }

    /// <summary>The wire fingerprint (docs/schema.md §2.3): what the <see cref="PackSchema.HeaderName"/> header carries.</summary>
    public string WireFingerprint { get; }

    /// <summary>The canonical text of the contract form (docs/schema.md §2.1), or <see langword="null"/> when a member's default is not known at compile time.</summary>
    public string? CanonicalText { get; }

    /// <summary>The contract fingerprint, or <see langword="null"/> when <see cref="CanonicalText"/> is.</summary>
    public string? ContractFingerprint { get; }

    /// <summary>
    /// The schema, parsed from <see cref="CanonicalText"/> (or, when that is unknown, <see cref="WireCanonicalText"/>, a
    /// wire form without names), with the fingerprints above (nothing is hashed).
    /// </summary>
    public PackSchema ToSchema() => PackSchema.FromGenerated(this);
}
