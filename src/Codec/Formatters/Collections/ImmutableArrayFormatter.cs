using System.Collections.Immutable;
using System.Runtime.InteropServices;

namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="ImmutableArray{T}"/> like an array; a default (uninitialized) value is written as null.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ImmutableArrayFormatter<T> : PackFormatter<ImmutableArray<T>>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, ImmutableArray<T> value)
    {
        if (value.IsDefault)
        {
            writer.WriteNullCollection();
            return;
        }

        CollectionHelpers.WriteElements(ref writer, value.AsSpan());
    }

    /// <inheritdoc/>
    public override ImmutableArray<T> Deserialize(ref PackReader reader)
    {
        T[]? array = CollectionHelpers.ReadArray<T>(ref reader);
        return array is null ? default : ImmutableCollectionsMarshal.AsImmutableArray(array);
    }
}
