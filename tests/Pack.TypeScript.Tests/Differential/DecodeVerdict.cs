using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>How one decoder treated one input: <c>accepted</c> (with the value's §14 JSON), <c>rejected</c> (with the error's offset) or <c>crashed</c>.</summary>
public sealed record DecodeVerdict(string Outcome, JsonNode? Json = null, long? Offset = null, string? Reason = null)
{
    public const string Accepted = "accepted";
    public const string Rejected = "rejected";
    public const string Crashed = "crashed";

    /// <summary>Reads a verdict written by the Node side (clients/typescript/test/differential.ts).</summary>
    public static DecodeVerdict? FromNode(JsonNode? node) => node is null
        ? null
        : new DecodeVerdict(node["outcome"]!.GetValue<string>(), node["json"]?.DeepClone(), node["offset"]?.GetValue<long>(), node["reason"]?.GetValue<string>());

    public override string ToString()
    {
        string json = Json?.ToJsonString(new System.Text.Json.JsonSerializerOptions { MaxDepth = 512 }) ?? "null";
        return Outcome switch
        {
            Accepted => $"accepted {Shorten(json, 400)}",
            Rejected => $"rejected at {Offset}: {Shorten(Reason ?? "", 200)}",
            _ => $"CRASHED: {Shorten(Reason ?? "", 300)}",
        };
    }

    private static string Shorten(string text, int max) => text.Length <= max ? text : text[..max] + "…";
}
