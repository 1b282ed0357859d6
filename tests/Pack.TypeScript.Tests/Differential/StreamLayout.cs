using System.Buffers.Binary;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// How docs/wire-format.md §10 frames a stream, payloads not decoded: the frames a reader gets to (headers valid,
/// payloads present) up to the End or Error frame, or the framing error that stops it, with the offset §10 makes
/// normative for it: the kind byte for an unknown kind, the length field for a bad length, the end of the input for a
/// stream cut off at or inside a frame. The differential check judges both readers' outcomes against it.
/// </summary>
public sealed class StreamLayout
{
    public const int HeaderLength = 5;

    private StreamLayout(List<StreamFrame> frames, long? failureOffset, string? failure)
    {
        Frames = frames;
        FailureOffset = failureOffset;
        Failure = failure;
    }

    /// <summary>The frames read, in order; the last is the End or Error frame unless <see cref="Failure"/> is set.</summary>
    public List<StreamFrame> Frames { get; }

    /// <summary>The normative offset of the framing error after the last frame, if there is one.</summary>
    public long? FailureOffset { get; }

    /// <summary>The framing error after the last frame, if there is one.</summary>
    public string? Failure { get; }

    public static StreamLayout Read(ReadOnlySpan<byte> bytes, int maxPayloadLength)
    {
        var frames = new List<StreamFrame>();
        int at = 0;
        while (true)
        {
            if (bytes.Length - at < HeaderLength)
            {
                return new StreamLayout(frames, bytes.Length, at == bytes.Length ? "truncated at a frame boundary" : "truncated in a frame header");
            }

            byte kind = bytes[at];
            int length = BinaryPrimitives.ReadInt32LittleEndian(bytes[(at + 1)..]);
            if (kind is not (StreamFrame.Item or StreamFrame.End or StreamFrame.Error))
            {
                return new StreamLayout(frames, at, $"unknown kind {kind}");
            }

            if (length < 0 || length > maxPayloadLength || (kind == StreamFrame.End && length != 0))
            {
                return new StreamLayout(frames, at + 1, $"bad length {length} of a kind-{kind} frame");
            }

            if (bytes.Length - at - HeaderLength < length)
            {
                return new StreamLayout(frames, bytes.Length, "truncated in a frame payload");
            }

            frames.Add(new StreamFrame(at, kind, length));
            if (kind != StreamFrame.Item)
            {
                return new StreamLayout(frames, null, null);
            }

            at += HeaderLength + length;
        }
    }
}
