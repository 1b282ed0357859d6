namespace Pack.TypeScript.Tests.Differential;

/// <summary>The structure of one valid payload, as <see cref="WireType.Map"/> finds it.</summary>
public sealed class WireMap
{
    public List<WireSlot> Slots { get; } = [];

    public List<WireObjectSpan> Objects { get; } = [];

    public List<WireValueSpan> Values { get; } = [];

    public List<WireCollectionSpan> Collections { get; } = [];
}
