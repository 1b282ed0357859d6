using System.Buffers;

namespace Pack.Formatters.Segments;

/// <summary>
/// Writes a top-level object in parts: its header (-2 and the member count, which needs no patching), then runs of
/// members, each collection member being split between its elements.
/// </summary>
/// <typeparam name="T">The type of the top-level object.</typeparam>
internal sealed class ObjectSegmentedWriter<T> : SegmentedWriter<T>
{
    private readonly ObjectPart<T>[] _parts;
    private readonly int _memberCount;

    public ObjectSegmentedWriter(ObjectPart<T>[] parts, int memberCount)
    {
        _parts = parts;
        _memberCount = memberCount;
    }

    /// <inheritdoc/>
    public override bool Write(IBufferWriter<byte> destination, T value, PackSerializerOptions? options, ref SegmentCursor cursor, long limit)
    {
        // Inside the top-level object the depth is 1; the first part enters (and checks) it by writing the header.
        var writer = new PackWriter<IBufferWriter<byte>>(ref destination, options, cursor.Started ? 1 : 0);
        if (!cursor.Started)
        {
            writer.WriteObjectStart(_memberCount);
            cursor.Started = true;
        }

        var parts = _parts;
        bool done = true;
        while (cursor.Segment < parts.Length)
        {
            if (!parts[cursor.Segment].Write(ref writer, value, ref cursor, limit))
            {
                done = false;
                break;
            }

            cursor.Segment++;
            if (writer.BytesWritten >= limit && cursor.Segment < parts.Length)
            {
                done = false;
                break;
            }
        }

        writer.Flush();
        return done;
    }
}
