namespace Pack.Client.Tests.Schema;

// The server's side of the contract in its versions. The client reads them with ClientOrder, another CLR type: the wire
// fingerprint does not depend on type names, so only the members' shapes decide.

/// <summary>The same shape as <see cref="ClientOrder"/>.</summary>
public sealed class ServerOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}

/// <summary>A member appended: compatible.</summary>
public sealed class ServerOrderAppended
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }

    public string? Note { get; set; }
}

/// <summary><c>Quantity</c> retyped to <c>uint</c>: the same width, so it would be read silently; MEMBER_RETYPED.</summary>
public sealed class ServerOrderRetyped
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public uint Quantity { get; set; }
}

/// <summary><c>Customer</c> moved first: MEMBER_REORDERED.</summary>
public sealed class ServerOrderReordered
{
    public string? Customer { get; set; }

    public int Id { get; set; }

    public int Quantity { get; set; }
}

/// <summary><c>Id</c> removed: MEMBER_REMOVED.</summary>
public sealed class ServerOrderRemoved
{
    public string? Customer { get; set; }

    public int Quantity { get; set; }
}
