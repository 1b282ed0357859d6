using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using Pack.Formatters.Objects;

namespace Pack.Formatters.Segments;

/// <summary>A <see cref="List{T}"/> or array member of the top-level object, written in parts between its elements.</summary>
/// <typeparam name="T">The type of the top-level object.</typeparam>
/// <typeparam name="TCollection">The member's type: <see cref="List{T}"/> or an array of <typeparamref name="TElement"/>.</typeparam>
/// <typeparam name="TElement">The element type.</typeparam>
internal sealed class CollectionMemberPart<T, TCollection, TElement> : ObjectPart<T>
    where TCollection : class
{
    private static readonly bool IsList = typeof(TCollection) == typeof(List<TElement>);

    private readonly Func<T, TCollection?> _get;

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public CollectionMemberPart(ObjectMember member) => _get = ObjectEmitter.EmitGetMember<T, TCollection?>(member);

    /// <inheritdoc/>
    public override bool Write(ref PackWriter<IBufferWriter<byte>> writer, T value, ref SegmentCursor cursor, long limit)
    {
        var collection = _get(value);
        if (collection is null)
        {
            if (cursor.Element >= 0)
            {
                PackThrowHelper.ThrowCollectionModified(cursor.Count, -1);
            }

            writer.WriteNullCollection();
            return true;
        }

        return SegmentedElements.Write(ref writer, AsSpan(collection), ref cursor, limit);
    }

    /// <summary>The elements of a list or an array.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ReadOnlySpan<TElement> AsSpan(TCollection collection)
        => IsList ? CollectionsMarshal.AsSpan(Unsafe.As<List<TElement>>(collection)) : Unsafe.As<TElement[]>(collection);
}
