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
        var reader = new PackReader(bytes, null);
        var value = PackFormatterCache<T>.Formatter.Deserialize(ref reader);
        reader.EnsureFullyConsumed();
        long charged = reader.AllocationCharged;
        return (PackSerializer.Serialize(value), charged);
    }

    public override void Read(byte[] bytes) => PackSerializer.Deserialize<T>(bytes);

    public override Type? FormatterHost() => PackFormatterCache<T>.Formatter.GetType().DeclaringType;
}
