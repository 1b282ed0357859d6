namespace Pack.Generator.NoFallback.Tests.Http;

// The contracts the server and the client of NoFallbackSchemaHttpTests exchange; every type the tests check is a root of
// HttpContractContext, so its schema comes from the generated constants (the IL fallback, and PackSchema.For, are off).

/// <summary>The server's order, and the shape the client's <see cref="ClientOrder"/> has under another name.</summary>
public sealed class ServerOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}

/// <summary>A member appended: compatible both ways.</summary>
public sealed class ServerOrderAppended
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }

    public string? Note { get; set; }
}

/// <summary><c>Quantity</c> retyped to <c>uint</c> (same width, so it would be misread silently): MEMBER_RETYPED.</summary>
public sealed class ServerOrderRetyped
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public uint Quantity { get; set; }
}

/// <summary>The client's order: the shape of <see cref="ServerOrder"/>.</summary>
public sealed class ClientOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}

/// <summary>A client built with <c>Quantity</c> retyped: the server reading <see cref="ServerOrder"/> answers 409.</summary>
public sealed class ClientOrderRetyped
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public uint Quantity { get; set; }
}

/// <summary>The shape of <see cref="ClientOrder"/>, but only reached by a root (<see cref="ClientBatch"/>): it has a generated formatter and no schema constants.</summary>
public sealed class ClientOrderLine
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}

/// <summary>The root that makes the context generate <see cref="ClientOrderLine"/>'s formatter.</summary>
public sealed class ClientBatch
{
    public ClientOrderLine? First { get; set; }
}
