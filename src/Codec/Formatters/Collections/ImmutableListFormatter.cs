using System.Collections.Immutable;
using System.Runtime.CompilerServices;

namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="ImmutableList{T}"/> (and <see cref="IImmutableList{T}"/>) as a count and the elements.</summary>
/// <typeparam name="TList">The declared type.</typeparam>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ImmutableListFormatter<TList, T> : PackFormatter<TList>
    where TList : class, IReadOnlyCollection<T>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TList? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(value.Count);
        writer.EnterDepth();
        var write = PackWriterCache<T, TBufferWriter>.Method;
        foreach (T item in value)
        {
            write(ref writer, item);
        }

        writer.ExitDepth();
    }

    /// <inheritdoc/>
    public override TList? Deserialize(ref PackReader reader)
    {
        T[]? array = CollectionHelpers.ReadArray<T>(ref reader);
        if (array is null)
        {
            return null;
        }

        // Each element becomes a tree node (object header, left and right links, height, count and frozen flag, the value).
        reader.ChargeCollection(array.Length, 56 + Unsafe.SizeOf<T>());
        return (TList)(object)ImmutableList.Create(array);
    }
}
