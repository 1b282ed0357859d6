using System.Runtime.InteropServices;

namespace Pack.Formatters.Collections;

/// <summary>Writes <see cref="List{T}"/> like an array; reading presizes the list and fills its span without Add.</summary>
/// <typeparam name="T">The element type.</typeparam>
internal sealed class ListFormatter<T> : PackFormatter<List<T>>
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, List<T>? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        CollectionHelpers.WriteElements(ref writer, (ReadOnlySpan<T>)CollectionsMarshal.AsSpan(value));
    }

    /// <inheritdoc/>
    public override List<T>? Deserialize(ref PackReader reader) => CollectionHelpers.ReadList<T>(ref reader);
}
