using Pack.Formatters.Primitives;

namespace Pack.Formatters.Collections;

/// <summary>
/// <c>string[]</c>, in the same bytes as <see cref="ArrayFormatter{T}"/>: a count (-1 for null) and the strings. A
/// formatter of its own because <c>ArrayFormatter&lt;string&gt;</c> runs as the code shared by every reference element
/// type, where each generic access is a run-time lookup and each element a virtual formatter call.
/// </summary>
internal sealed class StringArrayFormatter : PackFormatter<string?[]>, IBlittableElements
{
    public static readonly StringArrayFormatter Instance = new();

    /// <inheritdoc/>
    public int BlittableElementSize => 0;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, string?[]? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        writer.WriteCollectionHeader(value.Length);
        writer.EnterDepth();
        for (int i = 0; i < value.Length; i++)
        {
            writer.WriteString(value[i]);
        }

        writer.ExitDepth();
    }

    /// <inheritdoc/>
    public override string?[]? Deserialize(ref PackReader reader)
    {
        // As CollectionHelpers.ReadCount and ReadElements do for any element type: the count bounded by the bytes left
        // (at least a string header each), the array charged to the allocation budget, one level of depth.
        int count = reader.ReadCollectionHeader(StringFormatter.Instance.MinimumLength);
        if (count < 0)
        {
            return null;
        }

        if (count > 0)
        {
            reader.ChargeCollection(count, IntPtr.Size);
        }

        var array = count == 0 ? [] : new string?[count];
        reader.EnterDepth();
        CollectionHelpers.ReadStrings(ref reader, array);
        reader.ExitDepth();
        return array;
    }
}
