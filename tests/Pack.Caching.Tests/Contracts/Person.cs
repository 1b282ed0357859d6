namespace Pack.Caching.Tests.Contracts;

/// <summary>Two members of one type: swapping them keeps the wire fingerprint (<see cref="PersonSwapped"/>).</summary>
public class Person
{
    public string? First { get; set; }

    public string? Last { get; set; }
}
