namespace Pack.ContractTests.Types;

/// <summary>Every primitive Pack writes, plain and nullable: the randomized checks fill it with edge values.</summary>
public sealed class AllPrimitives
{
    public bool Flag { get; set; }

    public byte U8 { get; set; }

    public sbyte I8 { get; set; }

    public short I16 { get; set; }

    public ushort U16 { get; set; }

    public char Letter { get; set; }

    public int I32 { get; set; }

    public uint U32 { get; set; }

    public long I64 { get; set; }

    public ulong U64 { get; set; }

    public Int128 I128 { get; set; }

    public UInt128 U128 { get; set; }

    public Half F16 { get; set; }

    public float F32 { get; set; }

    public double F64 { get; set; }

    public decimal Money { get; set; }

    public Guid Id { get; set; }

    public DateTime When { get; set; }

    public DateTimeOffset WhenOffset { get; set; }

    public TimeSpan Duration { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public Level Level { get; set; }

    public string? Text { get; set; }

    public int? MaybeInt { get; set; }

    public double? MaybeDouble { get; set; }

    public decimal? MaybeMoney { get; set; }

    public Guid? MaybeId { get; set; }

    public DateTime? MaybeWhen { get; set; }

    public char? MaybeLetter { get; set; }

    public bool? MaybeFlag { get; set; }

    public Level? MaybeLevel { get; set; }
}
