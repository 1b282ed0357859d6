using System.Buffers;
using System.Buffers.Binary;

namespace Pack.Caching;

/// <summary>
/// Writes and reads the cache entries of one type (docs/caching.md): the header naming the writer's contract, then the
/// Pack payload; writers' schemas live in the schema store (§2.1). Reading never throws on what an entry or the store
/// holds: every entry is read, or refused with an outcome and a reason.
/// </summary>
/// <typeparam name="T">The cached type.</typeparam>
internal static class PackCacheEntry<T>
{
    /// <summary>The type's contract, or <see langword="null"/> when Pack does not know its schema (it is not cached with Pack).</summary>
    public static readonly CacheContract? Contract = CacheContract.For(typeof(T));

    /// <summary>Writes one entry: the header, then the value's Pack bytes; the type's schema goes to <paramref name="store"/> once per process.</summary>
    /// <exception cref="NotSupportedException">The type's schema is not known (see <see cref="Contract"/>).</exception>
    public static void Write(IBufferWriter<byte> target, T value, PackSchemaStore? store)
    {
        var contract = Contract ?? throw new NotSupportedException($"Pack does not know the schema of {typeof(T)}, so it cannot write a cache entry for it.");
        store?.EnsureWritten(contract);
        target.Write(contract.Prefix);
        PackSerializer.Serialize(target, value);
    }

    /// <summary>Reads one entry, or says why it is refused; another contract's schema is looked up in <paramref name="store"/>.</summary>
    public static CacheEntryRead<T> Read(in ReadOnlySequence<byte> entry, PackSchemaStore? store)
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
        var payload = entry.Slice(PackCacheEntryFormat.HeaderLength);
        bool direct = fingerprint == contract.ContractFingerprint;
        if (!direct)
        {
            var outcome = contract.Resolve(fingerprint, store, out string? reason);
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
}
