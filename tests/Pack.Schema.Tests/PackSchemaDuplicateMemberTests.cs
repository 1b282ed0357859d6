using System.Diagnostics;
using System.Text;
using Pack.Schema;

namespace Pack.Schema.Tests;

/// <summary>
/// An object with two members of one name makes a schema document invalid (docs/schema.md §1.5): every reader of text
/// (<see cref="PackSchema.Parse"/>, <see cref="PackSchemaSet.Parse"/>) rejects it with a <see cref="FormatException"/>
/// naming the object's path and the name, never keeps the last one or lets an <see cref="ArgumentException"/> out.
/// </summary>
public class PackSchemaDuplicateMemberTests
{
    private const string I32 = """{"kind":"primitive","nullable":false,"primitive":"i32","width":4,"signed":true}""";

    public static TheoryData<string, string, string> Duplicates => new()
    {
        { "top-level format", $$"""{"format":"pack-schema/1","types":[{{I32}}],"format":"pack-schema/1"}""", "$: the member \"format\" is given twice" },
        { "top-level types", $$"""{"format":"pack-schema/1","types":[{{I32}}],"types":[{{I32}}]}""", "$: the member \"types\" is given twice" },
        { "inside a type", Doc("""{"kind":"object","nullable":true,"name":"A","members":[],"members":[]}"""), "types[0]: the member \"members\" is given twice" },
        { "inside a member", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1},{"name":"b","type":1,"type":1}]}""", I32), "types[0].members[1]: the member \"type\" is given twice" },
        { "differing only by escaping", Doc("""{"kind":"object","nullable":true,"name":"A","\u006eame":"B","members":[]}"""), "types[0]: the member \"name\" is given twice" },
        { "escaped both ways", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"\/":1,"/":2}]}"""), "types[0].members[0]: the member \"/\" is given twice" },
        { "inside a default", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":{"x":{"y":1,"y":2}}}]}""", I32), "types[0].members[0].default.x: the member \"y\" is given twice" },
        { "under a name that is not an identifier", Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1,"default":{"a b":{"\"":1,"\"":2}}}]}""", I32), "types[0].members[0].default[\"a b\"]: the member \"\\\"\" is given twice" },
        { "in the root array", """[{"a":1,"a":2}]""", "$[0]: the member \"a\" is given twice" },
    };

    [Theory]
    [InlineData("""{"\ud800":1,"\ud800":2}""")]
    [InlineData("""{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"D\ud800","members":[]}]}""")]
    [InlineData("""{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"D\udc00x","members":[]}]}""")]
    [InlineData("""{"format":"pack-schema/1","types":[{"kind":"object","nullable":true,"name":"D","members":[{"name":"\udbff","type":0}]}]}""")]
    public void Parse_EscapedLoneSurrogate_ThrowsFormatException(string document)
    {
        // .NET text cannot hold one: before, reading the value threw InvalidOperationException out of Parse.
        foreach (var parse in (Func<string, object>[])[PackSchema.Parse, PackSchemaSet.Parse])
        {
            var exception = Record.Exception(() => parse(document));

            Assert.IsType<FormatException>(exception);
            Assert.Contains("surrogate", exception.Message, StringComparison.OrdinalIgnoreCase);
        }
    }

    [Theory]
    [MemberData(nameof(Duplicates))]
    public void Parse_ObjectWithTwoMembersOfOneName_ThrowsFormatExceptionNamingPathAndName(string name, string document, string expected)
    {
        _ = name;
        foreach (var parse in (Func<string, object>[])[PackSchema.Parse, PackSchemaSet.Parse])
        {
            var exception = Record.Exception(() => parse(document));

            Assert.IsType<FormatException>(exception);
            Assert.StartsWith(expected, exception.Message, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Parse_SetWithDuplicateInsideASchema_NamesThePathFromTheSet()
    {
        string set = """{"format":"pack-schema-set/1","schemas":[{"type":"i32","schema":{"format":"pack-schema/1","types":[{"kind":"primitive","nullable":false,"nullable":false,"primitive":"i32","width":4,"signed":true}]}}]}""";

        var exception = Assert.Throws<FormatException>(() => PackSchemaSet.Parse(set));

        Assert.Equal("schemas[0].schema.types[0]: the member \"nullable\" is given twice", exception.Message);
    }

    [Fact]
    public void Parse_SetGivingASchemaTwice_Throws()
    {
        string schema = $$"""{"format":"pack-schema/1","types":[{{I32}}]}""";

        var exception = Assert.Throws<FormatException>(() => PackSchemaSet.Parse($$"""{"format":"pack-schema-set/1","schemas":[{"type":"i32","schema":{{schema}},"schema":{{schema}}}]}"""));

        Assert.StartsWith("schemas[0]: the member \"schema\" is given twice", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_SameNameInSiblingObjects_ReadsIt()
    {
        string document = Doc("""{"kind":"object","nullable":true,"name":"A","members":[{"name":"a","type":1},{"name":"b","type":1}]}""", I32);

        var schema = PackSchema.Parse(document);

        Assert.Equal(2, schema.Types[0].Members.Count);
        Assert.Single(PackSchemaSet.Parse(document).Schemas);
    }

    [Fact]
    public void Parse_NotJsonAfterADuplicate_SaysNotJson()
    {
        // The text's own rule checks JSON first, then duplicates (docs/schema.md §1.5), as the TypeScript reader does.
        var exception = Assert.Throws<FormatException>(() => PackSchema.Parse("""{"a":1,"a":2,"""));

        Assert.StartsWith("not JSON: ", exception.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_LongDuplicateName_IsCutInTheMessage()
    {
        string name = new('n', 10_000);

        var exception = Assert.Throws<FormatException>(() => PackSchema.Parse($$"""{"{{name}}":1,"{{name}}":2}"""));

        Assert.Equal($"$: the member \"{new string('n', 255)}…\" is given twice", exception.Message);
    }

    [Fact]
    public void Parse_ManyDistinctMembersAndADuplicateAtTheEnd_FindsItInLinearTime()
    {
        var text = new StringBuilder("{");
        for (int i = 0; i < 200_000; i++)
        {
            text.Append('"').Append('k').Append(i).Append("\":0,");
        }

        string distinct = text.ToString() + "\"format\":1}";
        string duplicate = text.ToString() + "\"k199999\":1}";
        var watch = Stopwatch.StartNew();

        var notASchema = Assert.Throws<FormatException>(() => PackSchema.Parse(distinct));
        var twice = Assert.Throws<FormatException>(() => PackSchema.Parse(duplicate));

        Assert.DoesNotContain("twice", notASchema.Message, StringComparison.Ordinal);
        Assert.Equal("$: the member \"k199999\" is given twice", twice.Message);
        Assert.InRange(watch.ElapsedMilliseconds, 0, 5_000);
    }

    [Fact]
    public void Parse_SetWithOneRootTwoWays_ThrowsFormatExceptionNamingBothEntries()
    {
        string one = Doc("""{"kind":"object","nullable":true,"name":"Shop.Order","members":[{"name":"Id","type":1}]}""", I32);
        string other = Doc("""{"kind":"object","nullable":true,"name":"Shop.Order","members":[{"name":"Id","type":1},{"name":"Count","type":1}]}""", I32);
        string set = $$"""{"format":"pack-schema-set/1","schemas":[{"type":"Shop.Order","schema":{{one}}},{"type":"Order","schema":{{other}}}]}""";

        var exception = Assert.Throws<FormatException>(() => PackSchemaSet.Parse(set));

        Assert.Equal("schemas[1]: the root Shop.Order is also described, differently, by schemas[0]; a set describes each root once", exception.Message);
    }

    [Fact]
    public void Parse_SetWithOneSchemaUnderTwoTypeNames_KeepsOneEntry()
    {
        string list = Doc("""{"kind":"list","nullable":true,"element":1}""", I32);
        string set = $$"""{"format":"pack-schema-set/1","schemas":[{"type":"List<int>","schema":{{list}}},{"type":"int[]","schema":{{list}}}]}""";

        var parsed = PackSchemaSet.Parse(set);

        Assert.Equal("list<i32>", Assert.Single(parsed.Schemas).Label);
    }

    private static string Doc(params string[] types) => $$"""{"format":"pack-schema/1","types":[{{string.Join(",", types)}}]}""";
}
