namespace Pack;

/// <summary>Limits and settings for <see cref="PackSerializer"/>. Instances are immutable once used.</summary>
/// <remarks>
/// The defaults are safe for untrusted input: nesting is capped, and every length read from the wire is checked
/// against the bytes that remain before anything is allocated.
/// </remarks>
public sealed class PackSerializerOptions
{
    /// <summary>The default options.</summary>
    public static PackSerializerOptions Default { get; } = new();

    /// <summary>
    /// The deepest nesting of objects and collections accepted on read and produced on write. Default 64.
    /// Exceeding it on write usually means the object graph has a reference cycle.
    /// </summary>
    public int MaxDepth { get; init; } = 64;

    /// <summary>
    /// The largest payload, in bytes, that the stream-based APIs buffer (<see cref="PackSerializer.DeserializeAsync{T}(Stream, PackSerializerOptions?, CancellationToken)"/>
    /// and each frame of a <see cref="Streaming.PackStream"/>). Default 128 MiB.
    /// </summary>
    public int MaxPayloadLength { get; init; } = 128 * 1024 * 1024;

    internal void Validate()
    {
        if (MaxDepth is < 1 or > 1000)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxDepth), MaxDepth, "MaxDepth must be between 1 and 1000.");
        }

        if (MaxPayloadLength < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxPayloadLength), MaxPayloadLength, "MaxPayloadLength must be positive.");
        }
    }
}
