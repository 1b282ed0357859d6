using Pack.AspNetCore.Tests.TestApp;
using Pack.Formatters;
using Pack.Schema;

namespace Pack.AspNetCore.Tests.Schema;

/// <summary>
/// A context that declares, as a generated one does, the schema constants of <see cref="Reading"/> and no formatters.
/// Its wire fingerprint is made up, so a response header carrying it can only have come from the constants.
/// </summary>
public sealed class ReadingSchemaContext : PackSerializerContext
{
    public const string WireFingerprint = "0123456789abcdef";

    public static ReadingSchemaContext Default { get; } = new();

    public override IReadOnlyList<PackGeneratedSchema> GeneratedSchemas { get; } =
        [new PackGeneratedSchema(typeof(Reading), PackSchema.For(typeof(Reading)).WireCanonicalText, WireFingerprint, canonicalText: null, contractFingerprint: null)];

    public override PackFormatter<T>? GetFormatter<T>() => null;
}
