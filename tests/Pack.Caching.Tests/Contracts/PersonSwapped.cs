namespace Pack.Caching.Tests.Contracts;

/// <summary><see cref="Person"/> with its members swapped: the same bytes, another meaning (MEMBER_REORDERED).</summary>
public class PersonSwapped
{
    public string? Last { get; set; }

    public string? First { get; set; }
}
