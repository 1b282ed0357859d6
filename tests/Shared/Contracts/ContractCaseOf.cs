using Pack.Formatters;

namespace Pack.ContractTests;

/// <summary>A <see cref="ContractCase"/> of a value of type <typeparamref name="T"/>.</summary>
public sealed class ContractCaseOf<T> : ContractCase
{
    private readonly Func<T?> _value;

    public ContractCaseOf(string name, Func<T?> value)
        : base(name)
        => _value = value;

    public override Type Type => typeof(T);

    public override byte[] Write() => PackSerializer.Serialize(_value());

    public override (byte[] Bytes, long Charged) ReadAndWrite(byte[] bytes)
    {
        // A warm read first: user code's one-time work (a static constructor, a cached empty array behind `= []`) is
        // charged to the first read of the process that runs it (docs/robustness.md), not to every read.
        var warm = new PackReader(bytes, null);
        PackFormatterCache<T>.Formatter.Deserialize(ref warm);

        var reader = new PackReader(bytes, null);
        var value = PackFormatterCache<T>.Formatter.Deserialize(ref reader);
        reader.EnsureFullyConsumed();
        long charged = reader.AllocationCharged;
        return (PackSerializer.Serialize(value), charged);
    }

    public override void Read(byte[] bytes) => PackSerializer.Deserialize<T>(bytes);

    public override Type? FormatterHost() => PackFormatterCache<T>.Formatter.GetType().DeclaringType;
}
