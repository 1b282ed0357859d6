using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>Structs whose blittability the generator decides at compile time and checks at run time (BlittableLayoutTests).</summary>
[PackSerializable(typeof(LayoutSequential[]))]
[PackSerializable(typeof(LayoutAutoProperties))]
[PackSerializable(typeof(LayoutNested))]
[PackSerializable(typeof(LayoutPadded))]
[PackSerializable(typeof(LayoutSwapped[]))]
[PackSerializable(typeof(LayoutNestedSwapped))]
[PackSerializable(typeof(LayoutWithBool))]
[PackSerializable(typeof(LayoutComputedProperty))]
[PackSerializable(typeof(LayoutHolder))]
internal partial class LayoutContext : PackSerializerContext;
