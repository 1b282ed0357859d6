using System.Buffers;

namespace Pack.Caching.Tests;

/// <summary>Byte sequences of several segments, as a pipe or a pooled buffer hands them over.</summary>
internal static class Segments
{
    public static ReadOnlySequence<byte> Split(byte[] bytes, int cut)
    {
        var first = new Segment(bytes.AsMemory(0, cut), 0);
        var last = first.Append(bytes.AsMemory(cut));
        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
