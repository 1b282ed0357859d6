namespace Pack.Caching.Tests.Contracts;

/// <summary>An incompatible version: <c>Id</c> retyped from <c>int</c> to <c>long</c> (MEMBER_RETYPED).</summary>
public class OrderRetyped
{
    public long Id { get; set; }

    public string? Customer { get; set; }
}
