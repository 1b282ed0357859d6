using System.Collections.Concurrent;
using System.Text;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Logging;
using Pack.Schema;

namespace Pack.AspNetCore;

/// <summary>
/// The client (writer) schemas a server knows, by wire fingerprint, and the verdicts of checking them against the
/// endpoints' types (docs/schema.md §5.2). Schemas configured in <see cref="PackFormatterOptions.KnownClientSchemas"/>
/// stay; registered ones and the verdicts are bounded by <see cref="PackFormatterOptions.MaxRegisteredClientSchemas"/>
/// and forgotten together when a registration would pass the bound. With
/// <see cref="PackFormatterOptions.ShareClientSchemaRegistrations"/>, registered schemas are also kept in the app's
/// <see cref="IDistributedCache"/> (docs/schema.md §5.2, shared registrations), and a fingerprint this replica does not
/// know is looked up there before it is answered 412.
/// </summary>
internal sealed partial class PackClientSchemaRegistry(PackFormatterOptions options)
{
    /// <summary>The category of what the schema check and the registration endpoint log.</summary>
    public const string LogCategory = "Pack.AspNetCore.Schema";

    /// <summary>The key of a shared registration: this prefix and the wire fingerprint (docs/schema.md §5.2).</summary>
    public const string SharedKeyPrefix = "pack-client-schema:";

    /// <summary>How long a shared registration is kept after its last use (sliding).</summary>
    public static readonly TimeSpan SharedLifetime = TimeSpan.FromDays(1);

    /// <summary>How long a request waits for the shared store before the writer's schema counts as unknown.</summary>
    public static readonly TimeSpan SharedTimeout = TimeSpan.FromSeconds(2);

    private readonly ConcurrentDictionary<string, PackSchema> _registered = new(StringComparer.Ordinal);
    private readonly ConcurrentDictionary<(Type Reader, string Writer), IReadOnlyList<PackSchemaViolation>> _verdicts = new();
    private Dictionary<string, PackSchema>? _known;

    /// <summary>The path of the registration endpoint, set by <c>MapPackSchema()</c>; <see langword="null"/> when the app has none.</summary>
    public string? RegistrationPath { get; set; }

    /// <summary>Remembers the wire form of a client's schema under its wire fingerprint, which this method computes.</summary>
    /// <param name="schema">The schema as the client sent it.</param>
    /// <returns>The wire fingerprint.</returns>
    public string Register(PackSchema schema)
    {
        string fingerprint = schema.WireFingerprint;
        if (Known.ContainsKey(fingerprint) || _registered.ContainsKey(fingerprint))
        {
            return fingerprint;
        }

        if (_registered.Count >= options.MaxRegisteredClientSchemas)
        {
            // Forgetting everything keeps the bound without bookkeeping on the read path; legitimate clients register again.
            _registered.Clear();
            _verdicts.Clear();
        }

        _registered[fingerprint] = schema.ToWireForm();
        return fingerprint;
    }

    /// <summary>
    /// The violations of reading payloads of the writer schema <paramref name="writerFingerprint"/> as <paramref name="readerType"/>
    /// (empty: compatible), or <see langword="null"/> when the writer's schema is not known.
    /// </summary>
    public IReadOnlyList<PackSchemaViolation>? Verdict(Type readerType, PackSchema reader, string writerFingerprint)
    {
        if (_verdicts.TryGetValue((readerType, writerFingerprint), out var verdict))
        {
            return verdict;
        }

        if (!Known.TryGetValue(writerFingerprint, out var writer) && !_registered.TryGetValue(writerFingerprint, out writer))
        {
            return null;
        }

        verdict = PackSchema.CheckCompatibility(reader, writer);
        if (_verdicts.Count >= options.MaxRegisteredClientSchemas)
        {
            _verdicts.Clear();
        }

        _verdicts[(readerType, writerFingerprint)] = verdict;
        return verdict;
    }

    /// <summary>
    /// Stores a registered schema in the shared store (its wire form's canonical text under
    /// <see cref="SharedKeyPrefix"/> and its wire fingerprint). A store that fails or is slow is logged and leaves the
    /// registration to this replica: the client's next request to another replica is answered 412, and it registers there.
    /// </summary>
    public async ValueTask ShareAsync(IDistributedCache store, string fingerprint, ILogger logger, CancellationToken cancellationToken)
    {
        if (!_registered.TryGetValue(fingerprint, out var schema))
        {
            return; // configured (KnownClientSchemas): every replica has it from its own configuration
        }

        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(SharedTimeout);
        try
        {
            var entry = new DistributedCacheEntryOptions { SlidingExpiration = SharedLifetime };
            await store.SetAsync(SharedKeyPrefix + fingerprint, Encoding.UTF8.GetBytes(schema.CanonicalText), entry, timeout.Token).ConfigureAwait(false);
        }
        catch (Exception exception) when (!cancellationToken.IsCancellationRequested)
        {
            Log.ShareFailed(logger, fingerprint, exception);
        }
    }

    /// <summary>
    /// <see cref="Verdict"/> for a writer schema this replica does not know (<see cref="Verdict"/> gave
    /// <see langword="null"/>), looked up in the shared store. What the store holds is input like a registration: it is
    /// parsed, bounded and its fingerprint computed, and an entry that is not the schema of its key (overwritten,
    /// truncated, another writer's) is logged and counts as unknown.
    /// </summary>
    public async ValueTask<IReadOnlyList<PackSchemaViolation>?> SharedVerdictAsync(Type readerType, PackSchema reader, string writerFingerprint, IDistributedCache store, ILogger logger, CancellationToken cancellationToken)
    {
        byte[]? stored;
        using (var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken))
        {
            timeout.CancelAfter(SharedTimeout);
            try
            {
                stored = await store.GetAsync(SharedKeyPrefix + writerFingerprint, timeout.Token).ConfigureAwait(false);
            }
            catch (Exception exception) when (!cancellationToken.IsCancellationRequested)
            {
                Log.LookupFailed(logger, writerFingerprint, exception);
                return null;
            }
        }

        if (stored is null)
        {
            return null;
        }

        if (ReadShared(stored, writerFingerprint) is not { } schema)
        {
            Log.SharedEntryRefused(logger, writerFingerprint, stored.Length);
            return null;
        }

        Register(schema);
        return Verdict(readerType, reader, writerFingerprint);
    }

    private static PackSchema? ReadShared(byte[] stored, string fingerprint)
    {
        if (stored.Length > PackRequestSchemaProtocol.MaxRegistrationBytes)
        {
            return null;
        }

        try
        {
            var schema = PackSchema.Parse(Encoding.UTF8.GetString(stored));
            return schema.Types.Count <= PackRequestSchemaProtocol.MaxRegistrationTypes
                && string.Equals(schema.WireFingerprint, fingerprint, StringComparison.Ordinal) ? schema : null;
        }
        catch (Exception)
        {
            // Whatever is wrong with the entry, it is not a schema this replica can trust: unknown, never a 500.
            return null;
        }
    }

    private Dictionary<string, PackSchema> Known => _known ?? Interlocked.CompareExchange(ref _known, BuildKnown(), null) ?? _known;

    private Dictionary<string, PackSchema> BuildKnown()
    {
        var known = new Dictionary<string, PackSchema>(StringComparer.Ordinal);
        foreach (var schema in options.KnownClientSchemas)
        {
            known.TryAdd(schema.WireFingerprint, schema.ToWireForm());
        }

        return known;
    }

    private static partial class Log
    {
        [LoggerMessage(EventId = 30, Level = LogLevel.Warning, EventName = "PackClientSchemaShareFailed", Message = "The client schema {Fingerprint} was registered here but could not be stored in the shared cache; other replicas answer 412 until the client registers with them.")]
        public static partial void ShareFailed(ILogger logger, string fingerprint, Exception exception);

        [LoggerMessage(EventId = 31, Level = LogLevel.Warning, EventName = "PackClientSchemaLookupFailed", Message = "The shared cache could not be read for the client schema {Fingerprint}; the request is answered as for an unknown schema (412).")]
        public static partial void LookupFailed(ILogger logger, string fingerprint, Exception exception);

        [LoggerMessage(EventId = 32, Level = LogLevel.Warning, EventName = "PackClientSchemaSharedEntryRefused", Message = "The shared cache's entry for the client schema {Fingerprint} ({Length} bytes) is not that schema (overwritten, truncated or written by something else) and was ignored.")]
        public static partial void SharedEntryRefused(ILogger logger, string fingerprint, int length);
    }
}
