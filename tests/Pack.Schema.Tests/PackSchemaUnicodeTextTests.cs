using Pack.Schema;

namespace Pack.Schema.Tests;

/// <summary>
/// A schema document is Unicode text, in every string too (docs/schema.md §1.5): an unpaired surrogate written as
/// itself in the UTF-16 text is a <see cref="FormatException"/> (encoding it to UTF-8 made it U+FFFD silently, where
/// the TypeScript reader kept it), as an escaped one is; pairs, raw or escaped in either case, and every other escape
/// are read. The escaped cases are also in docs/vectors/schemas.json; a raw one cannot be written in a UTF-8 file.
/// clients/typescript/test/node/schema-unicode.test.mjs holds the same cases.
/// </summary>
public class PackSchemaUnicodeTextTests
{
    private const string I32 = """{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}""";

    // By name: xUnit serializes theory data as UTF-8, which would turn the surrogates into U+FFFD before the test ran.
    private static readonly Dictionary<string, string> RawUnpairedSurrogateDocuments = new(StringComparer.Ordinal)
    {
        { "a high surrogate at the end of a name", Named("D\ud800") },
        { "a low surrogate alone", Named("D\udc00x") },
        { "surrogates in reverse order", Named("\ude00\ud83d") },
        { "a raw high surrogate before an escaped low one", Named("\ud83d\\ude00") },
        { "an escaped high surrogate before a raw low one", Named("\\ud83d\ude00") },
        { "in a member name nobody reads", $$"""{"format":"pack-schema/1","types":[{{I32}}],"x{{"\udfff"}}":1}""" },
    };

    public static TheoryData<string> RawUnpairedSurrogates => new(RawUnpairedSurrogateDocuments.Keys);

    public static TheoryData<string, string> EscapesAndPairs => new()
    {
        { "\ud83d\ude00", "\U0001F600" },
        { "\\ud83d\\ude00", "\U0001F600" },
        { "\\uD83D\\uDE00", "\U0001F600" },
        { "\\\"\\\\\\/\\b\\f\\n\\r\\t", "\"\\/\b\f\n\r\t" },
        { "\\u0041\\u00e9\\u00E9\\u0000\\u001f", "A\u00e9\u00e9\u0000\u001f" },
        { "\\\\ud800", "\\ud800" },
    };

    [Theory]
    [MemberData(nameof(RawUnpairedSurrogates))]
    public void Parse_RawUnpairedSurrogate_ThrowsFormatException(string name)
    {
        string document = RawUnpairedSurrogateDocuments[name];
        foreach (var parse in (Func<string, object>[])[PackSchema.Parse, PackSchemaSet.Parse])
        {
            var exception = Record.Exception(() => parse(document));

            Assert.IsType<FormatException>(exception);
            Assert.StartsWith("not JSON text this reader accepts: an unpaired surrogate U+D", exception.Message, StringComparison.Ordinal);
        }
    }

    [Theory]
    [MemberData(nameof(EscapesAndPairs))]
    public void Parse_SurrogatePairsAndEveryEscape_ReadsTheName(string written, string read)
    {
        string document = Named(written);

        var schema = PackSchema.Parse(document);

        Assert.Equal(read, schema.Root.Name);
        Assert.Equal(read, PackSchemaSet.Parse(document).Schemas[0].Root.Name);
        Assert.Equal(read, PackSchema.Parse(schema.CanonicalText).Root.Name);
    }

    [Fact]
    public void Parse_ByteOrderMarkOrOtherWhitespace_IsNotJson()
    {
        foreach (var parse in (Func<string, object>[])[PackSchema.Parse, PackSchemaSet.Parse])
        {
            Assert.IsType<FormatException>(Record.Exception(() => parse("\ufeff" + Named("A"))));
            Assert.IsType<FormatException>(Record.Exception(() => parse(Named("A") + "\u00a0")));
            Assert.NotNull(parse(" \t\r\n" + Named("A") + "\r\n\t "));
        }
    }

    private static string Named(string name)
        => $$"""{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"{{name}}","members":[{"name":"a","type":1}]},{{I32}}]}""";
}
