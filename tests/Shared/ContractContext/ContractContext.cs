using Pack.ContractTests.Types;

namespace Pack.ContractTests;

/// <summary>The generated context of the shared contract suite: every root type of <see cref="ContractCases"/>.</summary>
[PackSerializable(typeof(OrderPlaced))]
[PackSerializable(typeof(Entity))]
[PackSerializable(typeof(Expr))]
[PackSerializable(typeof(Period))]
[PackSerializable(typeof(FixedHolder))]
[PackSerializable(typeof(GenericFixed<int, long>))]
[PackSerializable(typeof((int, int, int, int, int, int, int, int, int)))]
[PackSerializable(typeof((int, int, int, int, int, int, int, int)))]
[PackSerializable(typeof(TupleHolder))]
[PackSerializable(typeof(GenericSpan<long>))]
[PackSerializable(typeof(GenericFixed<bool, int>))]
[PackSerializable(typeof(InterfaceCollections))]
[PackSerializable(typeof(Budgeted))]
[PackSerializable(typeof(List<Budgeted>))]
[PackSerializable(typeof(Settings))]
[PackSerializable(typeof(Point))]
[PackSerializable(typeof(Padded))]
[PackSerializable(typeof(Explicit))]
[PackSerializable(typeof(Point[]))]
[PackSerializable(typeof(Padded[]))]
[PackSerializable(typeof(IShape))]
[PackSerializable(typeof(Attributed))]
[PackSerializable(typeof(Nested))]
public partial class ContractContext : PackSerializerContext;
