using Pack.Client.Tests.Schema;

namespace Pack.Generator.NoFallback.Tests.Http;

// The contracts the server and the client of NoFallbackSchemaHttpTests exchange, beside the server and client orders of
// Pack.Client's schema tests (ServerContracts.cs and ClientOrder.cs, linked); every type the tests check is a root of
// HttpContractContext, so its schema comes from the generated constants (the IL fallback, and PackSchema.For, are off).

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
