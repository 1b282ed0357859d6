using System.Buffers.Binary;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// Derives streams from a valid stream (§10): truncation at every byte (short streams), every frame kind 0-255, lengths
/// at their edges (0, −1, 2³¹−1, <c>MaxPayloadLength</c> ± 1, the length and the remaining bytes ± 1), frames dropped,
/// repeated and reordered, End and Error frames inserted anywhere (an End with a payload, an Error with a null, empty or
/// malformed payload), bytes after the last frame, and each Item and Error payload mutated as <see cref="PayloadMutator"/>
/// mutates payloads, the frame's length fixed to it (or left, so the framing shifts). Deterministic for a given
/// <see cref="Random"/>.
/// </summary>
public sealed class StreamMutator(Random random, PayloadMutator payloads, int maxPayloadLength)
{
    private const int ShortStream = 512;

    /// <summary>A valid Error frame: <c>PackStreamError { Status = 503, Title = "t" }</c>.</summary>
    private static readonly byte[] ErrorFrame = Convert.FromHexString("031b000000feffffff0500f7010000ffffffff0180000074ffffffffffffffff");

    private static readonly byte[][] Inserted =
    [
        Convert.FromHexString("0200000000"),
        Convert.FromHexString("020100000000"),
        Convert.FromHexString("020400000001000000"),
        ErrorFrame,
        Convert.FromHexString("0304000000ffffffff"),
        Convert.FromHexString("0300000000"),
        Convert.FromHexString("0302000000abcd"),
        Convert.FromHexString("0304000000feffffff"),
        Convert.FromHexString("0100000000"),
        Convert.FromHexString("0104000000ffffffff"),
    ];

    /// <summary>
    /// The mutants of <paramref name="stream"/>, a valid stream whose payloads have the wire types given: the aimed ones,
    /// payload mutants of at most <paramref name="maxAimed"/> per payload, and <paramref name="randomCount"/> random ones.
    /// </summary>
    public List<Mutant> Mutate(byte[] stream, WireType itemType, WireType errorType, int maxAimed, int randomCount)
    {
        var layout = StreamLayout.Read(stream, maxPayloadLength);
        if (layout.Failure is not null)
        {
            throw new InvalidDataException($"Not a valid stream: {layout.Failure} at {layout.FailureOffset}.");
        }

        var frames = layout.Frames.Select(f => stream[f.Offset..f.EndOffset]).ToList();
        var trailer = stream[layout.Frames[^1].EndOffset..];
        var mutants = new List<Mutant>();

        void Add(string description, IEnumerable<byte[]> parts) => mutants.Add(new Mutant(description, parts.SelectMany(p => p).ToArray()));

        void Rebuilt(string description, List<byte[]> list) => Add(description, list.Append(trailer));

        if (stream.Length <= ShortStream)
        {
            for (int cut = 0; cut < stream.Length; cut++)
            {
                mutants.Add(new Mutant($"cut to {cut} bytes", stream[..cut]));
            }
        }

        for (int i = 0; i < frames.Count; i++)
        {
            var frame = layout.Frames[i];
            for (int kind = 0; kind < 256; kind++)
            {
                if (kind != frame.Kind)
                {
                    var copy = (byte[])stream.Clone();
                    copy[frame.Offset] = (byte)kind;
                    mutants.Add(new Mutant($"frame {i}: kind {kind}", copy));
                }
            }

            int remain = stream.Length - frame.PayloadOffset;
            long[] lengths =
            [
                0, 1, -1, int.MinValue, int.MaxValue, maxPayloadLength - 1, maxPayloadLength, maxPayloadLength + 1L,
                frame.Length - 1, frame.Length + 1, remain - 1, remain, remain + 1,
            ];
            foreach (long length in lengths.Distinct().Where(l => l != frame.Length))
            {
                var copy = (byte[])stream.Clone();
                BinaryPrimitives.WriteInt32LittleEndian(copy.AsSpan(frame.Offset + 1), (int)length);
                mutants.Add(new Mutant($"frame {i}: length {(int)length}", copy));
            }

            Rebuilt($"frame {i} dropped", [.. frames[..i], .. frames[(i + 1)..]]);
            Rebuilt($"frame {i} repeated", [.. frames[..(i + 1)], frames[i], .. frames[(i + 1)..]]);
            if (i + 1 < frames.Count)
            {
                Rebuilt($"frames {i} and {i + 1} swapped", [.. frames[..i], frames[i + 1], frames[i], .. frames[(i + 2)..]]);
            }
        }

        if (frames.Count > 1)
        {
            Rebuilt("frames reversed", Enumerable.Reverse(frames).ToList());
            Rebuilt("last frame first", [frames[^1], .. frames[..^1]]);
        }

        for (int at = 0; at <= frames.Count; at++)
        {
            foreach (var inserted in Inserted)
            {
                Rebuilt($"{Convert.ToHexStringLower(inserted)} inserted at frame {at}", [.. frames[..at], inserted, .. frames[at..]]);
            }
        }

        Add("bytes after the last frame", [stream, [0x01, 0x04, 0x00]]);
        Add("an item after the last frame", [stream, Convert.FromHexString("010400000007000000")]);

        for (int i = 0; i < frames.Count; i++)
        {
            var frame = layout.Frames[i];
            var type = frame.Kind switch
            {
                StreamFrame.Item => itemType,
                StreamFrame.Error => errorType,
                _ => null,
            };
            if (type is null)
            {
                continue;
            }

            var payload = frames[i][StreamLayout.HeaderLength..];
            foreach (var mutant in payloads.Mutate(payload, type.Map(payload), maxAimed, randomCount))
            {
                var header = frames[i][..StreamLayout.HeaderLength];
                // Mostly the length follows the payload (the frame stays framed, the payload is what is judged); now and
                // then it keeps the old length, so the framing of the frames after it shifts.
                bool keepLength = random.Next(8) == 0;
                if (!keepLength)
                {
                    BinaryPrimitives.WriteInt32LittleEndian(header.AsSpan(1), mutant.Bytes.Length);
                }

                Rebuilt(
                    $"frame {i} payload: {mutant.Description}{(keepLength ? " (length kept)" : "")}",
                    [.. frames[..i], [.. header, .. mutant.Bytes], .. frames[(i + 1)..]]);
            }
        }

        for (int n = 0; n < randomCount; n++)
        {
            var bytes = stream.ToList();
            int edits = 1 + random.Next(3);
            for (int e = 0; e < edits && bytes.Count > 0; e++)
            {
                int at = random.Next(bytes.Count);
                switch (random.Next(3))
                {
                    case 0:
                        bytes[at] = (byte)random.Next(256);
                        break;
                    case 1:
                        bytes.RemoveAt(at);
                        break;
                    default:
                        bytes.Insert(at, (byte)random.Next(256));
                        break;
                }
            }

            mutants.Add(new Mutant($"random: {edits} byte edit(s)", [.. bytes]));
        }

        return mutants;
    }
}
