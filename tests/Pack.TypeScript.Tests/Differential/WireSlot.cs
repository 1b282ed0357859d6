namespace Pack.TypeScript.Tests.Differential;

/// <summary>One field found in a valid payload by <see cref="WireType.Map"/>: what it is, where, and what it held.</summary>
public readonly record struct WireSlot(WireSlotKind Kind, int Offset, int Width, long Value = 0, int Extra = 0);
