namespace Pack.Client.Tests.Schema;

// The server's contract and the clients': different CLR types, compared only through their schemas.
public sealed class SchemaServerOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }
}

/// <summary>A newer client that appended a member: compatible once the server knows its schema.</summary>
public sealed class SchemaClientOrderAppended
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }

    public string? Note { get; set; }
}

/// <summary>Total written as a double: the server answers 409 with MEMBER_RETYPED at $.Total.</summary>
public sealed class SchemaClientOrderRetyped
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public double Total { get; set; }
}
