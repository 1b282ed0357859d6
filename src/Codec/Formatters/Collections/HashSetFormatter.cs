using System.Runtime.CompilerServices;
using Pack.Formatters.Hashing;

namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="HashSet{T}"/> (and <see cref="ISet{T}"/>, <see cref="IReadOnlySet{T}"/>) as a count and the elements. A duplicate element on read is an error.</summary>
/// <typeparam name="TSet">The declared set type, which <see cref="HashSet{T}"/> implements.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class HashSetFormatter<TSet, T> : PackFormatter<TSet>
    where TSet : class, IEnumerable<T>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TSet? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        int count = value is ICollection<T> c ? c.Count : ((IReadOnlyCollection<T>)value).Count;
        writer.WriteCollectionHeader(count);
        writer.EnterDepth();
        var write = PackWriterCache<T, TBufferWriter>.Method;
        foreach (T item in value)
        {
            write(ref writer, ZeroKey.Canonical(item));
        }

        writer.ExitDepth();
    }

    /// <inheritdoc/>
    public override TSet? Deserialize(ref PackReader reader)
    {
        int count = reader.ReadCollectionHeader(PackFormatterCache<T>.Formatter.MinimumLength);
        if (count < 0)
        {
            return null;
        }

        // An entry is the element plus its cached hash code and chain link, padded; a bucket is one more int.
        reader.ChargeHashCollection(count, Unsafe.SizeOf<T>() + 16);
        var set = new HashSet<T>(count, KeyComparer<T>.For(reader.Options));
        reader.EnterDepth();
        var formatter = PackFormatterCache<T>.Formatter;
        bool measure = KeyComparer<T>.RunsUserCode(reader.Options);
        for (int i = 0; i < count; i++)
        {
            int offset = reader.Position;
            var element = ZeroKey.Canonical(formatter.Deserialize(ref reader))!;
            long allocatedBefore = measure ? GC.GetAllocatedBytesForCurrentThread() : 0;
            if (!set.Add(element))
            {
                PackThrowHelper.ThrowDuplicateKey(offset, "set");
            }

            if (measure)
            {
                // The element type's own equality and hash code are user code: what they allocated is charged.
                reader.ChargeUserCode(allocatedBefore, 0);
            }
        }

        reader.ExitDepth();
        return (TSet)(object)set;
    }
}
