namespace Pack.TypeScript.Tests.Differential;

/// <summary>One frame of a stream whose header is valid and whose payload is all present: where it starts, its kind and length.</summary>
public sealed record StreamFrame(int Offset, byte Kind, int Length)
{
    public const byte Item = 1;
    public const byte End = 2;
    public const byte Error = 3;

    /// <summary>The stream offset of the payload's first byte.</summary>
    public int PayloadOffset => Offset + StreamLayout.HeaderLength;

    /// <summary>The stream offset just past the frame.</summary>
    public int EndOffset => PayloadOffset + Length;
}
