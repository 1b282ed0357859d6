using System.Buffers;
using System.Buffers.Binary;

namespace Pack.Caching;

/// <summary>
/// Writes and reads the cache entries of one type (docs/caching.md): the header and schema prefix, then the Pack payload.
/// Reading never throws on what an entry holds: every entry is read, or refused with an outcome and a reason.
/// </summary>
/// <typeparam name="T">The cached type.</typeparam>
internal static class PackCacheEntry<T>
{
    /// <summary>The type's contract, or <see langword="null"/> when Pack does not know its schema (it is not cached with Pack).</summary>
    public static readonly CacheContract? Contract = CacheContract.For(typeof(T));

    /// <summary>Writes one entry: the prefix, then the value's Pack bytes.</summary>
    /// <exception cref="NotSupportedException">The type's schema is not known (see <see cref="Contract"/>).</exception>
    public static void Write(IBufferWriter<byte> target, T value)
    {
        var contract = Contract ?? throw new NotSupportedException($"Pack does not know the schema of {typeof(T)}, so it cannot write a cache entry for it.");
        target.Write(contract.Prefix);
        PackSerializer.Serialize(target, value);
    }

    /// <summary>Reads one entry, or says why it is refused.</summary>
    public static CacheEntryRead<T> Read(in ReadOnlySequence<byte> entry)
    {
        var contract = Contract ?? throw new NotSupportedException($"Pack does not know the schema of {typeof(T)}, so it cannot read a cache entry for it.");
        if (entry.Length < PackCacheEntryFormat.HeaderLength)
        {
            return CacheEntryRead<T>.Refused(CacheEntryOutcome.Corrupt, $"the entry has {entry.Length} bytes, fewer than the {PackCacheEntryFormat.HeaderLength} of a header");
        }

        Span<byte> header = stackalloc byte[PackCacheEntryFormat.HeaderLength];
        entry.Slice(0, PackCacheEntryFormat.HeaderLength).CopyTo(header);
        if (header[0] != 'P' || header[1] != 'K' || header[2] != 'C')
        {
            return CacheEntryRead<T>.Refused(CacheEntryOutcome.Corrupt, $"the entry does not start with PKC (0x{header[0]:x2}{header[1]:x2}{header[2]:x2}): not a Pack cache entry");
        }

        if (header[3] != PackCacheEntryFormat.Version)
        {
            return CacheEntryRead<T>.Refused(CacheEntryOutcome.Unknown, $"the entry has envelope version {header[3]}, this reader knows {PackCacheEntryFormat.Version}");
        }

        ulong fingerprint = BinaryPrimitives.ReadUInt64BigEndian(header[4..]);
        uint schemaLength = BinaryPrimitives.ReadUInt32LittleEndian(header[12..]);
        long rest = entry.Length - PackCacheEntryFormat.HeaderLength;
        if (schemaLength == 0 || schemaLength > PackCacheEntryFormat.MaxSchemaLength || schemaLength > rest)
        {
            return CacheEntryRead<T>.Refused(CacheEntryOutcome.Corrupt, $"the entry declares a schema of {schemaLength} bytes; it must be 1 to {PackCacheEntryFormat.MaxSchemaLength} and has {rest} bytes after the header");
        }

        var schema = entry.Slice(PackCacheEntryFormat.HeaderLength, schemaLength);
        var payload = entry.Slice(PackCacheEntryFormat.HeaderLength + schemaLength);
        bool direct = fingerprint == contract.WireFingerprint && SequenceEqual(schema, contract.SchemaUtf8);
        if (!direct)
        {
            var outcome = CheckWriter(contract, fingerprint, schema, out string? reason);
            if (outcome != CacheEntryOutcome.CompatibleHit)
            {
                return CacheEntryRead<T>.Refused(outcome, reason!);
            }
        }

        try
        {
            return CacheEntryRead<T>.Read(PackSerializer.Deserialize<T>(payload), direct);
        }
        catch (PackException exception)
        {
            return CacheEntryRead<T>.Refused(CacheEntryOutcome.Corrupt, $"the payload is not a {typeof(T)}: {exception.Message}");
        }
    }

    private static bool SequenceEqual(in ReadOnlySequence<byte> bytes, ReadOnlySpan<byte> expected)
    {
        if (bytes.IsSingleSegment)
        {
            return bytes.FirstSpan.SequenceEqual(expected);
        }

        if (bytes.Length != expected.Length)
        {
            return false;
        }

        foreach (var segment in bytes)
        {
            if (!segment.Span.SequenceEqual(expected[..segment.Length]))
            {
                return false;
            }

            expected = expected[segment.Length..];
        }

        return true;
    }

    private static CacheEntryOutcome CheckWriter(CacheContract contract, ulong fingerprint, in ReadOnlySequence<byte> schema, out string? reason)
    {
        if (schema.IsSingleSegment)
        {
            return contract.CheckWriter(fingerprint, schema.FirstSpan, out reason);
        }

        // The schema's length was checked against the entry's own bytes above, so this buffer is no larger than the entry.
        var copy = ArrayPool<byte>.Shared.Rent((int)schema.Length);
        try
        {
            schema.CopyTo(copy);
            return contract.CheckWriter(fingerprint, copy.AsSpan(0, (int)schema.Length), out reason);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(copy);
        }
    }
}
