using System.Runtime.CompilerServices;
using Pack.Formatters.Hashing;

namespace Pack.Formatters.Collections;

/// <summary>
/// Writes a dictionary (<see cref="Dictionary{TKey, TValue}"/>, <see cref="IDictionary{TKey, TValue}"/>, <see cref="IReadOnlyDictionary{TKey, TValue}"/>)
/// as a count and key/value pairs, read back as a <see cref="Dictionary{TKey, TValue}"/>. A duplicate key on read is an error;
/// a zero floating-point key is +0.0 both ways (<see cref="ZeroKey"/>).
/// </summary>
/// <typeparam name="TDictionary">The declared dictionary type.</typeparam>
/// <typeparam name="TKey">The key type.</typeparam>
/// <typeparam name="TValue">The value type.</typeparam>
internal sealed class DictionaryFormatter<TDictionary, TKey, TValue> : PackFormatter<TDictionary>
    where TDictionary : class, IEnumerable<KeyValuePair<TKey, TValue>>
    where TKey : notnull
{
    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TDictionary? value)
    {
        if (value is null)
        {
            writer.WriteNullCollection();
            return;
        }

        var writeKey = PackWriterCache<TKey, TBufferWriter>.Method;
        var writeValue = PackWriterCache<TValue, TBufferWriter>.Method;
        if (value is Dictionary<TKey, TValue> dictionary)
        {
            // The struct enumerator of Dictionary avoids an allocation per call.
            writer.WriteCollectionHeader(dictionary.Count);
            writer.EnterDepth();
            foreach (var pair in dictionary)
            {
                writeKey(ref writer, ZeroKey.Canonical(pair.Key));
                writeValue(ref writer, pair.Value);
            }

            writer.ExitDepth();
            return;
        }

        int count = value is ICollection<KeyValuePair<TKey, TValue>> c ? c.Count : ((IReadOnlyCollection<KeyValuePair<TKey, TValue>>)value).Count;
        writer.WriteCollectionHeader(count);
        writer.EnterDepth();
        foreach (var pair in value)
        {
            writeKey(ref writer, ZeroKey.Canonical(pair.Key));
            writeValue(ref writer, pair.Value);
        }

        writer.ExitDepth();
    }

    /// <inheritdoc/>
    public override TDictionary? Deserialize(ref PackReader reader)
    {
        var keyFormatter = PackFormatterCache<TKey>.Formatter;
        var valueFormatter = PackFormatterCache<TValue>.Formatter;
        int count = reader.ReadCollectionHeader(keyFormatter.MinimumLength + valueFormatter.MinimumLength);
        if (count < 0)
        {
            return null;
        }

        reader.ChargeHashCollection(count, Unsafe.SizeOf<TKey>() + Unsafe.SizeOf<TValue>() + 16);
        var dictionary = new Dictionary<TKey, TValue>(count, KeyComparer<TKey>.For(reader.Options));
        reader.EnterDepth();
        bool measure = KeyComparer<TKey>.RunsUserCode(reader.Options);
        for (int i = 0; i < count; i++)
        {
            int offset = reader.Position;
            TKey? key = keyFormatter.Deserialize(ref reader);

            // The type test keeps an unoptimized build (Debug, tier 0) from boxing a value-type key for the null check.
            if ((!typeof(TKey).IsValueType || Nullable.GetUnderlyingType(typeof(TKey)) is not null) && key is null)
            {
                PackThrowHelper.ThrowUnexpectedNull(offset, "dictionary key");
            }

            var value = valueFormatter.Deserialize(ref reader)!;
            long allocatedBefore = measure ? GC.GetAllocatedBytesForCurrentThread() : 0;
            if (!dictionary.TryAdd(ZeroKey.Canonical(key)!, value))
            {
                PackThrowHelper.ThrowDuplicateKey(offset, "dictionary");
            }

            if (measure)
            {
                // The key type's own equality and hash code are user code: what they allocated is charged.
                reader.ChargeUserCode(allocatedBefore, 0);
            }
        }

        reader.ExitDepth();
        return (TDictionary)(object)dictionary;
    }
}
