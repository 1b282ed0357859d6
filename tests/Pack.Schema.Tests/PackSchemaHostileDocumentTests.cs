using System.Diagnostics;
using System.Text;
using System.Text.Json.Nodes;
using Pack.Schema;

namespace Pack.Schema.Tests;

/// <summary>
/// Schema documents come from outside (a client's registration, a file given to <c>pack</c>): whatever they hold,
/// <see cref="PackSchema.Parse"/> and <see cref="PackSchemaSet.Parse"/> answer a <see cref="FormatException"/> that says
/// where, never another exception, a stack overflow, a hang or memory out of proportion (docs/schema.md §1.5); and what
/// they accept can be compared and decoded with in bounded stack.
/// </summary>
public class PackSchemaHostileDocumentTests
{
    private const string I32 = """{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}""";
    private const string Str = """{"kind":"primitive","nullable":true,"primitive":"string"}""";

    public static TheoryData<string, string, string> MalformedDocuments => new()
    {
        // JSON of the wrong shape inside the arrays of an entry.
        { "null member", Doc("""{"kind":"object","nullable":true,"name":"A","members":[null]}"""), "members[0] is not an object" },
        { "member is an array", Doc("""{"kind":"object","nullable":true,"name":"A","members":[[1]]}"""), "members[0] is not an object" },
        { "members not an array", Doc("""{"kind":"object","nullable":true,"name":"A","members":7}"""), "\"members\" is missing or not an array" },
        { "enum value is a number", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[5]}""", I32), "values[0] is not an object" },
        { "union case is a string", Doc("""{"kind":"union","nullable":true,"name":"U","cases":["x"]}"""), "cases[0] is not an object" },

        // Primitives that are not the table's.
        { "unknown primitive", Doc("""{"kind":"primitive","nullable":false,"primitive":"i33","width":4}"""), "unknown primitive" },
        { "i32 of width 1", Doc("""{"kind":"primitive","nullable":false,"primitive":"i32","width":1,"signed":true}"""), "has width 4" },
        { "u8 of width 0", Doc("""{"kind":"primitive","nullable":false,"primitive":"u8","signed":false}"""), "has width 1" },
        { "wrong signed", Doc("""{"kind":"primitive","nullable":false,"primitive":"u32","width":4,"signed":true}"""), "signed false" },
        { "signed not a boolean", Doc("""{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":"true"}"""), "\"signed\" has the wrong type" },
        { "string of width 0", Doc("""{"kind":"primitive","nullable":true,"primitive":"string","width":0}"""), "\"width\" must be absent" },

        // Numbers a canonical text cannot hold, or another reader cannot read exactly (docs/schema.md §2.1).
        { "default with a fraction", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":0.5}]}""", I32), "types[0].members[0]: \"default\": A schema holds only integers below 2^53" },
        { "default of 2^53", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":[9007199254740992]}]}""", I32), "only integers below 2^53" },

        // Enums: an integer underlying type, integer values in its range (they are written into generated code).
        { "enum value that is code", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[{"name":"A","value":"1, B: (globalThis.pwned = 1)"}]}""", I32), "must be an integer" },
        { "enum value out of range", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[{"name":"A","value":"2147483648"}]}""", I32), "must be an integer" },
        { "enum value with leading zero", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[{"name":"A","value":"01"}]}""", I32), "must be an integer" },
        { "enum of a string", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[]}""", Str), "integer primitive" },
        { "enum of itself", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":0,"values":[]}"""), "integer primitive" },
        { "enum of a primitive whose width is checked later", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[{"name":"A","value":"1"}]}""", """{"kind":"primitive","nullable":false,"primitive":"i32","width":268435455,"signed":true}"""), "types[1]: the primitive i32 has width 4" },
        { "enum name twice", Doc("""{"kind":"enum","nullable":false,"name":"E","underlying":1,"values":[{"name":"A","value":"1"},{"name":"A","value":"2"}]}""", I32), "given twice" },

        // References that never end, or nest without bound, and what they are made of.
        { "list of itself", Doc("""{"kind":"list","nullable":true,"element":0}"""), "contains itself" },
        { "nullable of itself", Doc("""{"kind":"nullable","nullable":true,"element":0}"""), "never null" },
        { "map of itself", Doc("""{"kind":"map","nullable":true,"key":1,"value":0}""", I32), "contains itself" },
        { "frozen struct of itself", Doc("""{"kind":"frozen-struct","nullable":false,"name":"F","width":4,"members":[{"name":"a","type":0}]}"""), "contains itself" },
        { "struct of itself", Doc("""{"kind":"object","nullable":false,"name":"S","members":[{"name":"a","type":0}]}"""), "contains itself" },
        { "nullable of a string", Doc("""{"kind":"nullable","nullable":true,"element":1}""", Str), "never null" },
        { "union of a primitive", Doc("""{"kind":"union","nullable":true,"name":"U","cases":[{"tag":0,"type":1}]}""", I32), "a union case is an object" },
        { "union of itself", Doc("""{"kind":"union","nullable":true,"name":"U","cases":[{"tag":0,"type":0}]}"""), "a union case is an object" },
        { "union tag twice", Doc("""{"kind":"union","nullable":true,"name":"U","cases":[{"tag":0,"type":1},{"tag":0,"type":1}]}""", """{"kind":"object","nullable":true,"name":"C","members":[]}"""), "given twice" },
        { "frozen width that lies", Doc("""{"kind":"frozen-struct","nullable":false,"name":"F","width":2000000000,"members":[{"name":"a","type":1}]}""", I32), "add up to 4" },
        { "frozen struct of a string", Doc("""{"kind":"frozen-struct","nullable":false,"name":"F","width":0,"members":[{"name":"a","type":1}]}""", Str), "fixed width" },
        { "70 nested lists", Chain(70, i => $$"""{"kind":"list","nullable":true,"element":{{i + 1}}}""", I32), "nest deeper than 64" },
        { "70 nested frozen structs", Chain(70, i => $$"""{"kind":"frozen-struct","nullable":false,"name":"F{{i}}","width":4,"members":[{"name":"a","type":{{i + 1}}}]}""", I32), "nest deeper than 64" },

        // Names: every type once, every member once.
        { "a type twice", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"b","type":1}]}""", """{"kind":"object","nullable":true,"name":"A","members":[]}"""), "described twice" },
        { "a member twice", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"b","type":1},{"name":"b","type":1}]}""", I32), "given twice" },

        // A label that doubles at every level: 2^16 copies of a 1,000-character name from a 1 KB document.
        { "exponential label", Chain(16, i => $$"""{"kind":"map","nullable":true,"key":{{i + 1}},"value":{{i + 1}}}""", $$"""{"kind":"object","nullable":true,"name":"{{new string('N', 1000)}}","members":[]}"""), "longer than 4096" },
        { "exponential nullability", ExponentialNullability(40), "longer than 4096" },
    };

    [Theory]
    [MemberData(nameof(MalformedDocuments))]
    public void Parse_MalformedDocument_ThrowsFormatExceptionThatSaysWhy(string name, string document, string expected)
    {
        _ = name;
        foreach (var parse in (Func<string, object>[])[PackSchema.Parse, PackSchemaSet.Parse])
        {
            long allocated = GC.GetAllocatedBytesForCurrentThread();
            var watch = Stopwatch.StartNew();

            var exception = Record.Exception(() => parse(document));

            Assert.IsType<FormatException>(exception);
            Assert.Contains(expected, exception.Message, StringComparison.Ordinal);
            Assert.InRange(watch.ElapsedMilliseconds, 0, 2_000);
            Assert.InRange(GC.GetAllocatedBytesForCurrentThread() - allocated, 0, 64 * document.Length + 1024 * 1024);
        }
    }

    public static TheoryData<string, string> DocumentsAtTheLimits => new()
    {
        // 64 references; an enum's underlying primitive is not one of the parts §1.5 follows.
        { "64 lists over an enum", Chain(64, i => $$"""{"kind":"list","nullable":true,"element":{{i + 1}}}""", $$"""{"kind":"enum","nullable":false,"name":"E","underlying":65,"values":[]},{{I32}}""") },

        // Labels of exactly 4,096 characters: set<…> adds 5, and a named kind without a name is labelled # and its index (§1.2).
        { "set label of 4096", Doc("""{"kind":"set","nullable":true,"element":1}""", $$"""{"kind":"object","nullable":true,"name":"{{new string('N', 4091)}}","members":[]}""") },
        { "unnamed labels of 4090", Chain(9, i => $$"""{"kind":"map","nullable":true,"key":{{i + 1}},"value":{{i + 1}}}""", """{"kind":"object","nullable":true,"members":[]}""") },

        // JSON has one kind of number: 1.0 and 1e0 are the integer 1.
        { "indexes 1.0 and 1e0", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":2.0},{"name":"b","type":1}]}""", """{"kind":"list","nullable":true,"element":2e0}""", I32) },
    };

    [Theory]
    [MemberData(nameof(DocumentsAtTheLimits))]
    public void Parse_DocumentAtALimit_ReadsIt(string name, string document)
    {
        _ = name;

        var schema = PackSchema.Parse(document);

        Assert.Equal(schema.CanonicalText, PackSchema.Parse(schema.CanonicalText).CanonicalText);
    }

    [Fact]
    public void Parse_SchemasTheCodecWrites_StillParse()
    {
        // The rules of §1.5 hold for everything the builder produces: unions of structs, frozen structs, enums of every width.
        foreach (var type in new[] { typeof(Pack.Tests.Models.Organization), typeof(Pack.Tests.Models.Shape[]), typeof(Dictionary<long, Pack.Tests.Models.Point?>), typeof(List<Dictionary<string, int[][]>>) })
        {
            var schema = PackSchema.For(type);

            var parsed = PackSchema.Parse(schema.ToJson().ToJsonString());

            Assert.Equal(schema.ContractFingerprint, parsed.ContractFingerprint);
        }
    }

    [Fact]
    public void CheckCompatibility_ChainsOfObjectsDeeperThanAnyPayload_StopsAtTheDepthLimitInBoundedStack()
    {
        // 20,000 distinct objects, each holding the next: a payload nests at most MaxDepthLimit (1,000) levels, so that is
        // as far as the check goes; before, it recursed to the end of the chain and overflowed the stack (a crash).
        var reader = PackSchema.Parse(Chain(20_000, i => $$"""{"kind":"object","nullable":true,"name":"T{{i}}","members":[{"name":"a","type":{{i + 1}}}]}""", I32));
        var writer = PackSchema.Parse(Chain(20_000, i => $$"""{"kind":"object","nullable":true,"name":"T{{i}}","members":[{"name":"a","type":{{i + 1}}}]}""", """{"kind":"primitive","nullable":false,"primitive":"i64","width":8,"signed":true}"""));
        IReadOnlyList<PackSchemaViolation>? deep = null;
        IReadOnlyList<PackSchemaViolation>? shallow = null;
        var shallowReader = PackSchema.Parse(Chain(900, i => $$"""{"kind":"object","nullable":true,"name":"T{{i}}","members":[{"name":"a","type":{{i + 1}}}]}""", I32));
        var shallowWriter = PackSchema.Parse(Chain(900, i => $$"""{"kind":"object","nullable":true,"name":"T{{i}}","members":[{"name":"a","type":{{i + 1}}}]}""", """{"kind":"primitive","nullable":false,"primitive":"i64","width":8,"signed":true}"""));

        // A thread with a 256 KiB stack, far less than 1,000 levels need: the check goes on on a fresh thread when the stack runs low.
        var thread = new Thread(() => (deep, shallow) = (PackSchema.CheckCompatibility(reader, writer), PackSchema.CheckCompatibility(shallowReader, shallowWriter)), 256 * 1024);
        thread.Start();
        thread.Join();

        Assert.Empty(deep!);
        var violation = Assert.Single(shallow!);
        Assert.Equal(PackSchemaRules.MemberRetyped, violation.RuleId);
        Assert.Equal("$" + string.Concat(Enumerable.Repeat(".a", 900)), violation.Path);
    }

    [Theory]
    [InlineData("fe ff ff ff 00 00 00 00")] // long form, 0x7ffffffe bytes: 8 + that overflowed an int
    [InlineData("ff ff ff ff 00 00 00 00")] // null
    [InlineData("f9 ff ff ff 00 00 00 00")]
    [InlineData("00 00 00 80")]
    public void SchemaDecoder_StringHeaderPastTheEnd_StopsWithPackException(string hex)
    {
        var schema = PackSchema.For(typeof(string));
        byte[] bytes = Convert.FromHexString(hex.Replace(" ", string.Empty, StringComparison.Ordinal));

        var exception = Record.Exception(() => SchemaDecoder.Decode(schema.Types, 0, bytes, out _));

        Assert.Null(exception);
        SchemaDecoder.Decode(schema.Types, 0, bytes, out var error);
        if (hex.StartsWith("ff", StringComparison.Ordinal))
        {
            Assert.NotNull(error); // 4 bytes follow the null
        }
        else
        {
            Assert.NotNull(error);
            Assert.Contains("truncated", error.Message, StringComparison.Ordinal);
        }
    }

    private static string Doc(params string[] types) => $$"""{"format":"pack-schema/1","types":[{{string.Join(",", types)}}]}""";

    private static string Chain(int count, Func<int, string> link, string last)
    {
        var types = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            types.Append(link(i)).Append(',');
        }

        return Doc(types.Append(last).ToString());
    }

    /// <summary>A member of map&lt;X1,X1&gt;, X1 = map&lt;X2,X2&gt;…: its reference positions, counted path by path, are 2^depth.</summary>
    private static string ExponentialNullability(int depth)
    {
        var types = new List<string> { """{"kind":"object","nullable":true,"name":"Root","members":[{"name":"m","type":1,"nullability":"?"}]}""" };
        for (int i = 0; i < depth; i++)
        {
            types.Add($$"""{"kind":"map","nullable":true,"key":{{i + 2}},"value":{{i + 2}}}""");
        }

        types.Add(Str);
        return Doc([.. types]);
    }
}
