namespace Pack;

/// <summary>Special values of an object's 32-bit length header. See docs/wire-format.md, "Objects".</summary>
internal static class PackObjectHeader
{
    /// <summary>A null object.</summary>
    public const int Null = -1;

    /// <summary>The top-level object of a payload: a 16-bit member count follows, and its body runs to the end of the payload.</summary>
    public const int ToEnd = -2;
}
