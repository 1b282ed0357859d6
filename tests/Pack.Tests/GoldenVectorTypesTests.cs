using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Formatters.Objects;
using Pack.Tests.GoldenVectors;
using Pack.Tests.GoldenVectors.Types;

namespace Pack.Tests;

/// <summary>
/// docs/vectors/types.json describes the Vector* types another implementation needs: members in wire order, union
/// cases, and the value a reader gives a member that a payload lacks (an initializer or a constructor parameter's
/// default). These tests hold the file to the C# types and the codec.
/// </summary>
public class GoldenVectorTypesTests
{
    private static readonly Lazy<Dictionary<string, JsonObject>> Types = new(Load);

    public static TheoryData<string> TypeNames => new(Types.Value.Keys.Order(StringComparer.Ordinal));

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void TypesJson_Members_AreTheContractInWireOrder(string name)
    {
        var entry = Types.Value[name];
        var type = ClrType(name);
        if (entry["kind"]!.GetValue<string>() is "enum" or "union")
        {
            return;
        }

        var expected = ObjectContract.For(type).Members.Select(m => $"{m.Name}: {VectorTypeName.Format(m.Type)}");
        var actual = entry["members"]!.AsArray().Select(m => $"{m!["name"]}: {m["type"]}");

        Assert.Equal(expected, actual);
    }

    [Theory]
    [MemberData(nameof(TypeNames))]
    public void TypesJson_AbsentMemberDefaults_AreWhatTheCodecGives(string name)
    {
        var entry = Types.Value[name];
        if (!entry["kind"]!.GetValue<string>().Contains("(header", StringComparison.Ordinal))
        {
            return;
        }

        var type = ClrType(name);
        var contract = ObjectContract.For(type);

        // A top-level object that says it has 0 members: every member is absent, so each gets its default.
        object read = PackSerializer.Deserialize([0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00], type)!;

        foreach (var (member, described) in contract.Members.Zip(entry["members"]!.AsArray()))
        {
            object? value = member.Member is System.Reflection.PropertyInfo p ? p.GetValue(read) : ((System.Reflection.FieldInfo)member.Member).GetValue(read);
            object? zero = member.Type.IsValueType ? Activator.CreateInstance(member.Type) : null;
            var actual = VectorJson.ToJson(value, member.Type);
            if (JsonNode.DeepEquals(actual, VectorJson.ToJson(zero, member.Type)))
            {
                Assert.Null(described!["default"]);
                continue;
            }

            Assert.True(described!["default"] is JsonObject, $"{name}.{member.Name} reads as {actual?.ToJsonString()} when absent; types.json must say so in \"default\".");
            Assert.True(JsonNode.DeepEquals(actual, described["default"]!["json"]), $"{name}.{member.Name}: absent, it reads as {actual?.ToJsonString()}.");
            Assert.Equal(member.ParameterIndex >= 0 ? "constructor parameter" : "initializer", described["default"]!["from"]!.GetValue<string>());
        }
    }

    [Fact]
    public void TypesJson_UnionCases_AreTheDeclaredTags()
    {
        foreach (var (name, entry) in Types.Value.Where(t => t.Value["kind"]!.GetValue<string>() == "union"))
        {
            var expected = VectorJson.UnionCases(ClrType(name)).Select(c => $"{c.Tag}: {c.Type.Name}");
            var actual = entry["cases"]!.AsArray().Select(c => $"{c!["tag"]}: {c["type"]}");
            Assert.Equal(expected, actual);
        }
    }

    [Fact]
    public void TypesJson_EveryVectorType_IsDescribed()
    {
        var declared = typeof(VectorShape).Assembly.GetTypes().Where(t => t.Namespace == typeof(VectorShape).Namespace).Select(t => t.Name).Order(StringComparer.Ordinal);

        Assert.Equal(declared, Types.Value.Keys.Order(StringComparer.Ordinal));
    }

    private static Type ClrType(string name) => typeof(VectorShape).Assembly.GetType($"{typeof(VectorShape).Namespace}.{name}", throwOnError: true)!;

    private static Dictionary<string, JsonObject> Load()
    {
        var json = JsonNode.Parse(File.ReadAllText(Path.Combine(GoldenVectorFiles.Directory, "types.json")))!;
        return json["types"]!.AsArray().ToDictionary(t => t!["name"]!.GetValue<string>(), t => t!.AsObject(), StringComparer.Ordinal);
    }
}
