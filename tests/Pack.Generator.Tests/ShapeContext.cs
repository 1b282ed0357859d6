using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>The shapes beyond the golden vectors: init-only, private and required members, constructors, data contracts, unions, generics, evolution.</summary>
[PackSerializable(typeof(InitOnly))]
[PackSerializable(typeof(PrivateSetters))]
[PackSerializable(typeof(RequiredMembers))]
[PackSerializable(typeof(HiddenConstructor))]
[PackSerializable(typeof(PrivateContract))]
[PackSerializable(typeof(Defaults))]
[PackSerializable(typeof(Everything))]
[PackSerializable(typeof(DerivedEverything))]
[PackSerializable(typeof(Ordered))]
[PackSerializable(typeof(Holder))]
[PackSerializable(typeof(HolderV1))]
[PackSerializable(typeof(Box<string>))]
[PackSerializable(typeof(Pair<int, Box<long>>))]
[PackSerializable(typeof(LongTuples))]
[PackSerializable(typeof(Shelf.Box<string>))]
[PackSerializable(typeof(Shelf.Slot<long>))]
[PackSerializable(typeof(Tagged<DateTimeOffset?>))]
[PackSerializable(typeof(Tagged<Dictionary<Guid, ushort>>))]
[PackSerializable(typeof(Tagged<TagOnly>))]
internal partial class ShapeContext : PackSerializerContext;
