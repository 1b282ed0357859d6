using System.Runtime.InteropServices;

namespace Pack.Formatters.Collections;

/// <summary>
/// Writes a sequence typed as an interface (<see cref="IEnumerable{T}"/>, <see cref="IList{T}"/>, <see cref="IReadOnlyList{T}"/> …)
/// like an array, and reads it back as a <see cref="List{T}"/>.
/// </summary>
/// <typeparam name="TCollection">The declared interface, which <see cref="List{T}"/> implements.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class EnumerableFormatter<TCollection, T> : PackFormatter<TCollection>
    where TCollection : class, IEnumerable<T>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TCollection? value)
    {
        switch (value)
        {
            case null:
                writer.WriteNullCollection();
                return;
            case T[] array:
                CollectionHelpers.WriteElements(ref writer, new ReadOnlySpan<T>(array));
                return;
            case List<T> list:
                CollectionHelpers.WriteElements(ref writer, (ReadOnlySpan<T>)CollectionsMarshal.AsSpan(list));
                return;
        }

        int count = value switch
        {
            ICollection<T> collection => collection.Count,
            IReadOnlyCollection<T> collection => collection.Count,
            _ => -1,
        };
        if (count < 0)
        {
            // A lazy sequence: materialize it once to learn the count.
            CollectionHelpers.WriteElements(ref writer, (ReadOnlySpan<T>)CollectionsMarshal.AsSpan(new List<T>(value)));
            return;
        }

        writer.WriteCollectionHeader(count);
        writer.EnterDepth();
        var write = PackWriterCache<T, TBufferWriter>.Method;
        int written = 0;
        foreach (T item in value)
        {
            if (written == count)
            {
                ThrowCountChanged();
            }

            write(ref writer, item);
            written++;
        }

        if (written != count)
        {
            ThrowCountChanged();
        }

        writer.ExitDepth();
    }

    /// <inheritdoc/>
    public override TCollection? Deserialize(ref PackReader reader)
        => (TCollection?)(object?)CollectionHelpers.ReadList<T>(ref reader);

    private static void ThrowCountChanged()
        => throw new InvalidOperationException("The collection was modified while it was being serialized.");
}
