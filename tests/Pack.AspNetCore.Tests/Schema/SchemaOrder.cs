namespace Pack.AspNetCore.Tests.Schema;

public sealed class SchemaOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }
}
