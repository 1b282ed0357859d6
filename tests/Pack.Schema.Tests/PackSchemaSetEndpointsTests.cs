using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tests.Models;

namespace Pack.Schema.Tests;

/// <summary>
/// <see cref="PackSchemaSet.Parse"/> of a served set's <c>endpoints</c> (docs/schema.md §5.3): a well-formed section
/// round-trips, catch-all parameters included, and a malformed one is a <see cref="FormatException"/> naming the
/// property, never another exception type.
/// </summary>
public class PackSchemaSetEndpointsTests
{
    private const string Valid =
        """{"group":"Orders","method":"GET","name":"Get","parameters":[{"in":"route","name":"id","optional":false,"type":"i32"}],"response":{"stream":false,"type":"LABEL"},"route":"/api/orders/{id}"}""";

    private static readonly PackSchema Person = PackSchema.For(typeof(Person));

    [Fact]
    public void Parse_WellFormedEndpoint_ReadsEveryProperty()
    {
        var endpoint = Assert.Single(PackSchemaSet.Parse(SetWith(Valid)).Endpoints);

        Assert.Equal(("Orders", "Get", "GET", "/api/orders/{id}"), (endpoint.Group, endpoint.Name, endpoint.Method, endpoint.Route));
        var parameter = Assert.Single(endpoint.Parameters);
        Assert.Equal(("id", PackSchemaParameterSource.Route, "i32", false, false), (parameter.Name, parameter.Source, parameter.Type, parameter.Optional, parameter.CatchAll));
        Assert.Equal(Person.Label, endpoint.Response?.Type);
        Assert.Null(endpoint.Request);
    }

    [Fact]
    public void ToJsonString_CatchAllParameter_IsMarkedAndReadBack()
    {
        var files = new PackSchemaEndpoint("Files", "Get", "GET", "/files/{path}",
            [new PackSchemaEndpointParameter("path", PackSchemaParameterSource.Route, "string", optional: false, catchAll: true),
             new PackSchemaEndpointParameter("id", PackSchemaParameterSource.Query, "i32", optional: true)],
            request: null, new PackSchemaEndpointBody(Person.Label, stream: false));
        var text = new PackSchemaSet([Person], [files]).ToJsonString();

        var parameters = Assert.Single(PackSchemaSet.Parse(text).Endpoints).Parameters;

        var written = JsonNode.Parse(text)!["endpoints"]![0]!["parameters"]!.AsArray();
        Assert.True(written[0]!["catchAll"]!.GetValue<bool>());
        Assert.Null(written[1]!["catchAll"]);
        Assert.Equal([true, false], parameters.Select(p => p.CatchAll));
    }

    [Fact]
    public void Fingerprint_CatchAll_ChangesTheSetNotTheTypes()
    {
        PackSchemaSet With(bool catchAll) => new([Person],
            [new PackSchemaEndpoint("Files", "Get", "GET", "/files/{path}",
                [new PackSchemaEndpointParameter("path", PackSchemaParameterSource.Route, "string", optional: false, catchAll)],
                request: null, new PackSchemaEndpointBody(Person.Label, stream: false))]);

        var plain = With(catchAll: false);
        var catchAll = With(catchAll: true);

        Assert.DoesNotContain("catchAll", plain.ToJsonString(), StringComparison.Ordinal);
        Assert.NotEqual(plain.ContractFingerprint, catchAll.ContractFingerprint);
        Assert.Equal(plain.Schemas[0].ContractFingerprint, PackSchemaSet.Parse(catchAll.ToJsonString()).Schemas[0].ContractFingerprint);
    }

    [Theory]
    // Unknown body types.
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[],"response":{"stream":false,"type":"Shop.Nope"},"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"POST","name":"Add","parameters":[],"request":{"stream":true,"type":"Shop.Nope"},"route":"/"}""")]
    // Wrong property types.
    [InlineData("5")]
    [InlineData("""{"group":7,"method":"GET","name":"Get","parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":true,"name":"Get","parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":["Get"],"parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":{},"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":["id"],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"in":"route","name":"id","optional":"no","type":"i32"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"in":"header","name":"id","optional":false,"type":"i32"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"catchAll":"yes","in":"route","name":"path","optional":false,"type":"string"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"catchAll":true,"in":"query","name":"path","optional":false,"type":"string"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[],"response":"LABEL","route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[],"response":{"stream":1,"type":"LABEL"},"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[],"route":17}""")]
    // Missing required properties.
    [InlineData("""{"method":"GET","name":"Get","parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","name":"Get","parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","parameters":[],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[]}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"in":"route","optional":false,"type":"i32"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[{"in":"route","name":"id","type":"i32"}],"route":"/"}""")]
    [InlineData("""{"group":"Orders","method":"GET","name":"Get","parameters":[],"response":{"stream":false},"route":"/"}""")]
    // A property twice.
    [InlineData("""{"group":"Orders","group":"Shipments","method":"GET","name":"Get","parameters":[],"route":"/"}""")]
    public void Parse_MalformedEndpoint_ThrowsFormatException(string endpoint)
    {
        var exception = Record.Exception(() => PackSchemaSet.Parse(SetWith(endpoint)));

        Assert.IsType<FormatException>(exception);
    }

    [Theory]
    [InlineData("{}")]
    [InlineData("\"endpoints\"")]
    [InlineData("[[]]")]
    public void Parse_EndpointsNotAnArrayOfObjects_ThrowsFormatException(string endpoints)
    {
        var set = new PackSchemaSet([Person]).ToJsonString().TrimEnd();
        var json = set[..^1] + ",\"endpoints\":" + endpoints + "}";

        Assert.IsType<FormatException>(Record.Exception(() => PackSchemaSet.Parse(json)));
    }

    [Theory]
    [InlineData("""[5]""")]
    [InlineData("""[{"schema":5}]""")]
    [InlineData("""[[]]""")]
    public void Parse_SchemaEntryNotAnObject_ThrowsFormatException(string schemas)
    {
        var json = "{\"format\":\"pack-schema-set/1\",\"schemas\":" + schemas + "}";

        Assert.IsType<FormatException>(Record.Exception(() => PackSchemaSet.Parse(json)));
    }

    [Fact]
    public void Parse_RecordedFingerprintNotAString_ThrowsFormatException()
    {
        var json = new PackSchemaSet([Person]).ToJsonString().Replace("\"wire\": \"", "\"wire\": 7, \"x\": \"", StringComparison.Ordinal);

        Assert.IsType<FormatException>(Record.Exception(() => PackSchemaSet.Parse(json)));
    }

    private static string SetWith(string endpoint)
    {
        var set = new PackSchemaSet([Person]).ToJsonString().TrimEnd();
        return set[..^1] + ",\"endpoints\":[" + endpoint.Replace("LABEL", Person.Label, StringComparison.Ordinal) + "]}";
    }
}
