using System.Text.Json.Nodes;

namespace Pack.Tool.Codegen;

/// <summary>A member: its contract name, type, annotation (§1.4) and default (§14 JSON), as the schema has them.</summary>
internal sealed record ContractMember(string? Name, ContractType Type, string? Nullability, JsonNode? Default);
