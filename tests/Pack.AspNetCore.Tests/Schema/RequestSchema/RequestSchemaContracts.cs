namespace Pack.AspNetCore.Tests.Schema.RequestSchema;

// The server's contract and clients' contracts: different CLR types, compared only by their schemas.
public sealed class ServerOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }
}

/// <summary>The same shape as <see cref="ServerOrder"/> under another name: the same wire fingerprint.</summary>
public sealed class ClientOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }
}

/// <summary>A newer client that appended a member: compatible.</summary>
public sealed class ClientOrderAppended
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public decimal Total { get; set; }

    public string? Note { get; set; }
}

/// <summary>An older client without the last member: compatible, the server reads its default.</summary>
public sealed class ClientOrderShorter
{
    public int Id { get; set; }

    public string? Customer { get; set; }
}

/// <summary>Total written as a double: MEMBER_RETYPED at $.Total.</summary>
public sealed class ClientOrderRetyped
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public double Total { get; set; }
}

/// <summary>Customer removed, so Total moves into its position: MEMBER_RETYPED at $.Customer.</summary>
public sealed class ClientOrderRemoved
{
    public int Id { get; set; }

    public decimal Total { get; set; }
}
