namespace Pack.ContractTests.Types;

/// <summary>Tuples and generic structs of mixed widths as members (drift class d).</summary>
public sealed class TupleHolder
{
    public (int, long, byte) Small { get; set; }

    public (long, long, long, long, long, long, long, long, long) Big { get; set; }

    public GenericFixed<bool, int> WithBool { get; set; }

    public GenericSpan<long> Span { get; set; }

    public List<GenericSpan<int>>? Spans { get; set; }
}
