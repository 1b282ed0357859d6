using Pack.Formatters;

namespace Pack;

public static partial class PackSerializer
{
    /// <summary>
    /// Deserializes one value of a sequence of reads that share one allocation budget (the frames of a stream): the read
    /// may allocate at most <paramref name="allocationLimit"/> bytes, and <paramref name="charged"/> says how much it was
    /// charged, so the caller can carry what is left to the next read.
    /// </summary>
    /// <typeparam name="T">The type to read.</typeparam>
    /// <param name="source">The Pack bytes of one value.</param>
    /// <param name="options">The options.</param>
    /// <param name="allocationLimit">The budget for this read, in bytes; at least 1.</param>
    /// <param name="charged">The memory charged to the budget by this read.</param>
    /// <returns>The value.</returns>
    /// <exception cref="PackException">The bytes are malformed, or the read would exceed its budget.</exception>
    internal static T? DeserializeWithBudget<T>(ReadOnlySpan<byte> source, PackSerializerOptions options, long allocationLimit, out long charged)
    {
        if (PackTypeInfo<T>.IsBlittable)
        {
            charged = source.Length;
            return ReadBlittable<T>(source);
        }

        var reader = new PackReader(source, options, allocationLimit);
        try
        {
            var value = PackFormatterCache<T>.Formatter.Deserialize(ref reader);
            reader.EnsureFullyConsumed();
            charged = reader.AllocationCharged;
            return value;
        }
        catch (Exception exception) when (IsWrappable(exception))
        {
            throw new PackException($"Reading {typeof(T)} failed: {exception.Message}", reader.Position, exception);
        }
    }
}
