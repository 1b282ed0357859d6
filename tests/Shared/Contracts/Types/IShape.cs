using System.Text.Json.Serialization;

namespace Pack.ContractTests.Types;

/// <summary>A union declared with [JsonDerivedType] integer discriminators, with a class case and a struct case.</summary>
[JsonDerivedType(typeof(Square), 3)]
[JsonDerivedType(typeof(Dot), 7)]
public interface IShape;
