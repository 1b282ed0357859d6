using System.Collections.Immutable;
using Pack.ContractTests.Types;

namespace Pack.ContractTests;

/// <summary>
/// The values of the shared contract suite: every shape here is written, read back and truncated at every byte under
/// each mode (the run-time IL path, a generated context, and a generated context without the IL fallback), and each
/// mode must produce the bytes, offsets and allocation charges recorded in ContractVectors.txt.
/// </summary>
public static class ContractCases
{
    public static readonly IReadOnlyList<ContractCase> All =
    [
        // Drift class a: members declared on a base type.
        Case("base-init-required-private-set", () =>
        {
            var value = new OrderPlaced { Id = new Guid("0102030405060708090a0b0c0d0e0f10"), Source = "shop", Quantity = 3 };
            value.Stamp(77);
            return value;
        }),
        Case("base-data-member-private-field", () =>
        {
            var value = new Entity { Key = 5 };
            value.Update("first");
            value.Update("second");
            return value;
        }),
        Case<OrderPlaced>("base-null", () => null),

        // Issue 42: members with non-public, init or required setters declared on generic base types, on constrained
        // generic types and on types nested in generic types (generated through generic UnsafeAccessor classes).
        Case("generic-base-protected-private-required-init", () =>
        {
            var value = Customer.Create(new Guid("0102030405060708090a0b0c0d0e0f10"), "admin", "Ada");
            value.Touch(new DateTime(2026, 12, 1, 8, 30, 0, DateTimeKind.Utc));
            return value;
        }),
        Case("generic-base-closed-by-generic-derived", () => Labelled<List<int>>.Of(12, [1, 2])),
        Case("generic-constrained-init-private-constructor", () => Constrained<long>.Of(-4, 9)),
        Case("nested-in-generic-private-set", () => Catalog<string>.Item.Of("sku", 7)),
        Case("generic-nested-in-generic-required", () => new Catalog<int>.Entry<double> { Key = 5 }.With(2.5)),

        // Drift class b: a recursive union.
        Case<Expr>("recursive-union", () => new Add(new Literal(1), new Negate(new Add(new Literal(2), new Literal(3))))),
        Case<Expr>("recursive-union-null-operand", () => new Negate(null)),
        Case<Expr>("recursive-union-null", () => null),

        // Drift class c: tuple element names differing between constructor parameter and property.
        Case("tuple-element-names", () => new Period("q1", (new DateOnly(2026, 1, 1), new DateOnly(2026, 3, 31)))),

        // Drift class d: generic fixed-width structs and a large tuple.
        Case("generic-fixed-structs", () => new FixedHolder
        {
            Pair = new GenericFixed<int, long> { First = 1, Second = 2 },
            Span = new GenericSpan<short>(3, 4),
            Wide = (1, 2, 3, 4, 5, 6, 7, 8, 9),
            Pairs = [new GenericFixed<int, long> { First = 10, Second = 11 }, new GenericFixed<int, long> { First = 12, Second = 13 }],
            After = 99,
        }),
        Case("generic-fixed-struct-top-level", () => new GenericFixed<int, long> { First = -1, Second = long.MaxValue }),
        Case("large-tuple-top-level", () => (1, 2, 3, 4, 5, 6, 7, 8, 9)),
        Case("eight-tuple-top-level", () => (1, 2, 3, 4, 5, 6, 7, 8)),
        Case("tuples-and-generic-structs", () => new TupleHolder
        {
            Small = (1, 2, 3),
            Big = (1, 2, 3, 4, 5, 6, 7, 8, 9),
            WithBool = new GenericFixed<bool, int> { First = true, Second = 5 },
            Span = new GenericSpan<long>(6, 7),
            Spans = [new GenericSpan<int>(8, 9)],
        }),
        Case("generic-span-top-level", () => new GenericSpan<long>(-1, 1)),
        Case("generic-struct-with-bool-top-level", () => new GenericFixed<bool, int> { First = true, Second = -2 }),

        // Drift class e: collections read through other collections' formatters.
        Case("interface-collections", () => new InterfaceCollections
        {
            List = [1, 2, 3],
            ReadOnlyList = ["a", null!, "c"],
            Sequence = new[] { 4L, 5L },
            Collection = [new Guid("0102030405060708090a0b0c0d0e0f10")],
            ImmutableArray = [6, 7],
            ImmutableList = ["x", "y"],
            ImmutableListInterface = ImmutableList.Create<short>(8, 9),
            Memory = new byte[] { 10, 11 },
            ReadOnlyMemory = new[] { 12, 13 },
            Segment = new ArraySegment<short>([14, 15, 16], 1, 2),
        }),
        Case("interface-collections-empty", () => new InterfaceCollections
        {
            List = [],
            ReadOnlyList = [],
            Sequence = [],
            Collection = [],
            ImmutableArray = [],
            ImmutableList = [],
            ImmutableListInterface = ImmutableList<short>.Empty,
            Memory = Array.Empty<byte>(),
            ReadOnlyMemory = Array.Empty<int>(),
            Segment = new ArraySegment<short>([]),
        }),
        Case("interface-collections-null", () => new InterfaceCollections()),

        // The allocation charged for a field whose struct type a context cannot name.
        Case("budget-hidden-struct-field", () =>
        {
            var value = new Budgeted { Id = 4 };
            value.Fill(9);
            return value;
        }),
        Case("budget-hidden-struct-field-list", () => Enumerable.Range(0, 40).Select(i => new Budgeted { Id = i }).ToList()),

        // The other awkward shapes.
        Case("record-defaults-init", () => new Settings(8080, "example", 0.25, 'z', Level.Low) { Extra = "e", Codes = [1, 2] }),
        Case("record-defaults-init-nulls", () => new Settings(1) { Extra = null, Codes = null }),
        Case("readonly-record-struct", () => new Point(-3, 4)),
        Case("padded-struct", () => new Padded { Tag = 7, Value = -8 }),
        Case("explicit-struct", () => new Explicit { Low = 1, High = 2 }),
        Case("struct-arrays", () => new[] { new Point(1, 2), new Point(3, 4) }),
        Case("padded-struct-array", () => new[] { new Padded { Tag = 1, Value = 2 }, new Padded { Tag = 3, Value = 4 } }),
        Case<IShape>("json-derived-class-case", () => new Square { Side = 2.5 }),
        Case<IShape>("json-derived-struct-case", () => new Dot(3, -4)),
        Case("attributes", () => new Attributed(2, "one") { Field = 3, Ignored = 4, JsonIgnored = 5, JsonKept = "kept", DataIgnored = 6 }),
        Case("nested-collections", () => new Nested
        {
            Map = new() { ["a"] = [[1, 2], [], null!], ["b"] = [] },
            Points = [new Point(1, 2), null],
            Levels = [Level.Low],
            Trees = new Dictionary<int, Expr> { [1] = new Literal(1), [2] = new Add(new Literal(2), new Literal(3)) },
            Shapes = [new Square { Side = 1 }, null, new Dot(1, 1)],
            Text = string.Empty,
        }),
        Case("nested-collections-empty", () => new Nested { Map = [], Points = [], Levels = [], Trees = new Dictionary<int, Expr>(), Shapes = [], Text = null }),
        Case("nested-collections-null", () => new Nested()),

        // Nullable annotations (docs/schema.md §1.4): the schema's contract form records them, the bytes do not change.
        Case("nullable-annotations", () => new Annotated
        {
            Name = "n",
            Nickname = null,
            Child = new AnnotatedChild { Title = "c0" },
            Tags = ["a", null],
            Labels = ["l"],
            Aliases = [null],
            Index = new() { [1] = ["x"] },
            Parent = new Annotated { Name = "p", Child = new AnnotatedChild { Title = "t", Note = "note" } },
            Children = [null, new AnnotatedChild { Title = "c" }],
            Frozen = ["f"],
            Count = 3,
            Maybe = null!,
            Pair = new("k", null),
            Legacy = new ObliviousAnnotated { Name = null, Tags = [null], Child = null },
        }),
    ];

    public static TheoryData<string> Names()
    {
        var data = new TheoryData<string>();
        foreach (var contractCase in All)
        {
            data.Add(contractCase.Name);
        }

        return data;
    }

    public static ContractCase Get(string name) => All.Single(c => c.Name == name);

    private static ContractCaseOf<T> Case<T>(string name, Func<T?> value) => new(name, value);
}
