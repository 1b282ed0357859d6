using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// How one reader finished one stream: the items it yielded (§14 JSON, in order), then <c>end</c>, <c>error</c> (with
/// the Error frame's <c>PackStreamError</c> as §14 JSON), <c>malformed</c> (with the error's offset) or <c>crashed</c>.
/// </summary>
public sealed record StreamVerdict(JsonArray Items, string Outcome, JsonNode? Error = null, long? Offset = null, string? Reason = null)
{
    public const string End = "end";
    public const string Failed = "error";
    public const string Malformed = "malformed";
    public const string Crashed = "crashed";

    private static readonly JsonSerializerOptions Show = new() { MaxDepth = 512 };

    /// <summary>Reads a verdict written by the Node side (clients/typescript/test/differential.ts).</summary>
    public static StreamVerdict FromNode(JsonNode node) => new(
        node["items"]!.DeepClone().AsArray(),
        node["outcome"]!.GetValue<string>(),
        node["error"]?.DeepClone(),
        node["offset"]?.GetValue<long>(),
        node["reason"]?.GetValue<string>());

    /// <summary>Whether two readings agree exactly: the same items and outcome, error fields and offset.</summary>
    public bool SameAs(StreamVerdict other)
        => Outcome == other.Outcome && Offset == other.Offset
            && CanonicalJson.Equivalent(Items, other.Items) && CanonicalJson.Equivalent(Error, other.Error);

    public override string ToString()
    {
        string items = Shorten(Items.ToJsonString(Show), 300);
        return Outcome switch
        {
            End => $"items {items}, end",
            Failed => $"items {items}, error {Shorten(Error?.ToJsonString(Show) ?? "null", 200)}",
            Malformed => $"items {items}, malformed at {Offset}: {Shorten(Reason ?? "", 160)}",
            _ => $"items {items}, CRASHED: {Shorten(Reason ?? "", 300)}",
        };
    }

    private static string Shorten(string text, int max) => text.Length <= max ? text : text[..max] + "…";
}
