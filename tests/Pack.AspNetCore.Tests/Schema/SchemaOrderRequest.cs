namespace Pack.AspNetCore.Tests.Schema;

public sealed class SchemaOrderRequest
{
    public string? Customer { get; set; }
}
