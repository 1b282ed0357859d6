namespace Pack.Client.Tests.Schema;

/// <summary>The client's contract, shaped as <see cref="ServerOrder"/> under another name.</summary>
public sealed class ClientOrder
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}

/// <summary>
/// <see cref="ClientOrder"/> again, as a type of its own per <typeparamref name="TScope"/>: verdicts are kept per reader
/// type for the process, so a test that counts schema requests reads with a type no other test has judged.
/// </summary>
public sealed class ClientOrder<TScope>
{
    public int Id { get; set; }

    public string? Customer { get; set; }

    public int Quantity { get; set; }
}
