namespace Pack.ContractTests.Types;

/// <summary>Generic fixed-width structs and a large tuple as members (drift class d).</summary>
public sealed class FixedHolder
{
    public GenericFixed<int, long> Pair { get; set; }

    public GenericSpan<short> Span { get; set; }

    public (int, int, int, int, int, int, int, int, int) Wide { get; set; }

    public GenericFixed<int, long>[]? Pairs { get; set; }

    public int After { get; set; }
}
