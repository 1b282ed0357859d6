namespace Pack.AspNetCore.Tests.Schema;

/// <summary>Written as Pack by an endpoint whose metadata does not name it, so it is not in the schema set.</summary>
public sealed class UndescribedSchemaOrder
{
    public int Id { get; set; }

    public long Total { get; set; }
}
