// Shared, as source, by the run-time path (src/Codec, PackSchema.For) and the source generator (src/Generator, the
// constants it emits): the kinds of docs/schema.md §1.1, spelled as the schema spells them.
namespace Pack.Schema.Building;

/// <summary>The <c>kind</c> names of docs/schema.md §1.1.</summary>
internal static class SchemaKinds
{
    public const string Primitive = "primitive";
    public const string Enum = "enum";
    public const string Nullable = "nullable";
    public const string List = "list";
    public const string Set = "set";
    public const string Map = "map";
    public const string Object = "object";
    public const string FrozenStruct = "frozen-struct";
    public const string Union = "union";
}
