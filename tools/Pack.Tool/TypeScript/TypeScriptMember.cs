using System.Text.Json.Nodes;

namespace Pack.Tool.TypeScript;

/// <summary>A member of an object or frozen struct: its contract name, the label of its type and its default (§14 JSON).</summary>
/// <param name="Name">The member's contract name.</param>
/// <param name="Type">The label of its type in <see cref="TypeScriptModel.Types"/>, an annotated variant where its annotation makes one.</param>
/// <param name="Default">Its default, or <see langword="null"/>.</param>
internal sealed record TypeScriptMember(string Name, string Type, JsonNode? Default)
{
    /// <summary>Whether the member's own position is <c>!</c> (docs/schema.md §1.4): typed and checked without null.</summary>
    public bool NonNull { get; init; }
}
