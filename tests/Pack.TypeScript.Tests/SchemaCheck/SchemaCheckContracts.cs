namespace Pack.TypeScript.Tests.SchemaCheck;

/// <summary>
/// The contracts of the schema-check test: the server's <see cref="Item"/>, and the client's three views of it, from
/// whose schemas (Schemas/schema-check.schema.json) `pack ts` generates clients/typescript/test/generated/schema-check.ts.
/// </summary>
public static class SchemaCheckContracts
{
    /// <summary>What the server reads and writes.</summary>
    public sealed class Item
    {
        public int Id { get; set; }

        public string? Name { get; set; }

        public string? Note { get; set; }
    }

    /// <summary>An older client: the server appended <c>Note</c> (compatible both ways).</summary>
    public sealed class ItemOlder
    {
        public int Id { get; set; }

        public string? Name { get; set; }
    }

    /// <summary>A newer client: it appended <c>Rank</c> (compatible both ways).</summary>
    public sealed class ItemNewer
    {
        public int Id { get; set; }

        public string? Name { get; set; }

        public string? Note { get; set; }

        public int Rank { get; set; }
    }

    /// <summary>An incompatible client: <c>Id</c> is a long (MEMBER_RETYPED at <c>$.Id</c>, both ways).</summary>
    public sealed class ItemRetyped
    {
        public long Id { get; set; }

        public string? Name { get; set; }
    }

    /// <summary>The roots the client's schema set holds.</summary>
    public static readonly Type[] ClientRoots = [typeof(ItemOlder), typeof(ItemNewer), typeof(ItemRetyped), typeof(int)];
}
