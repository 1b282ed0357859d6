using System.Buffers;
using System.Globalization;
using Microsoft.Extensions.Caching.Hybrid;
using Microsoft.Extensions.DependencyInjection;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo;

public static partial class DemoRunner
{
    /// <summary>
    /// The bytes HybridCache stores per entry with its default serializer (System.Text.Json) and with Pack's
    /// (docs/caching.md §2: a 12-byte envelope naming the writer's contract, then the payload), for the W4 and W6 shapes. In process, no Redis
    /// needed: the sizes are what the serializers write, which is what a second level would hold (HybridCache adds a
    /// small header of its own to both). Each Pack entry is also read back through HybridCache. Before that, the sample
    /// API's read-heavy endpoint served from HybridCache is called in both formats (skipped on an API without it, such
    /// as the Native AOT sample).
    /// </summary>
    private static async Task<bool> CachingDemoAsync(Uri baseAddress, SampleApiClient json, SampleApiClient pack, TextWriter output, CancellationToken cancellationToken)
    {
        output.WriteLine();
        output.WriteLine("HybridCache with Pack behind GET /api/organizations/1000/hybrid (samples/WebApi/Organizations/CachedOrganizationsController.cs):");
        using (var probe = new HttpClient { BaseAddress = baseAddress })
        {
            using HttpResponseMessage answer = await probe.GetAsync("api/organizations/10/hybrid", cancellationToken).ConfigureAwait(false);
            if (answer.StatusCode == System.Net.HttpStatusCode.NotFound)
            {
                output.WriteLine("  skipped: this API has no /api/organizations/{members}/hybrid");
            }
            else
            {
                Organization? viaJson = await json.GetCachedOrganizationAsync(1000, cancellationToken).ConfigureAwait(false);
                Organization? viaPack = await pack.GetCachedOrganizationAsync(1000, cancellationToken).ConfigureAwait(false);
                bool sameAsBuilt = SameValues(viaJson, viaPack) && SameValues(viaPack, SampleData.Organization(1000));
                output.WriteLine($"  {(sameAsBuilt ? "ok  " : "DIFF")} JSON and Pack clients get the cached organization ({viaPack?.Members?.Count} members)");
                if (!sameAsBuilt)
                {
                    return false;
                }
            }
        }

        using var jsonServices = new ServiceCollection().AddHybridCache().Services.BuildServiceProvider();
        using var packServices = new ServiceCollection().AddHybridCache().AddPackSerializer().Services.BuildServiceProvider();
        var packCache = packServices.GetRequiredService<HybridCache>();

        output.WriteLine("Cache entries: bytes HybridCache stores per entry, its default JSON serializer against Pack (docs/caching.md):");
        var rows = new List<string[]> { new[] { "Entry", "JSON B", "Pack B", "Pack/JSON", "of which envelope B", "read back" } };
        bool allRead = true;
        allRead &= await AddAsync("W4 Organization, 10 members", SampleData.Organization(10)).ConfigureAwait(false);
        allRead &= await AddAsync("W4 Organization, 1000 members", SampleData.Organization(1000)).ConfigureAwait(false);
        allRead &= await AddAsync("W6 small object", new SmallObject { A = 1, B = 2, C = 3, S1 = "hello", S2 = "こんにちは世界" }).ConfigureAwait(false);

        var widths = new int[rows[0].Length];
        foreach (string[] row in rows)
        {
            for (int c = 0; c < row.Length; c++)
            {
                widths[c] = Math.Max(widths[c], row[c].Length);
            }
        }

        foreach (string[] row in rows)
        {
            output.WriteLine("  " + string.Join("  ", row.Select((cell, c) => c == 0 ? cell.PadRight(widths[c]) : cell.PadLeft(widths[c]))).TrimEnd());
        }

        output.WriteLine("  A Pack entry names its writer's contract (the writer's schema is stored once per contract, docs/caching.md §2.1),");
        output.WriteLine("  so a replica of another version reads it or refuses it, never misreads it.");
        return allRead;

        async Task<bool> AddAsync<T>(string name, T value)
        {
            long json = EntryLength(jsonServices, value);
            long pack = EntryLength(packServices, value);
            long envelope = pack - PackSerializer.Serialize(value).Length;
            T read = await packCache.GetOrCreatePackAsync($"demo:{name}", _ => ValueTask.FromResult(value), cancellationToken: cancellationToken).ConfigureAwait(false);
            // The first call stored the entry; this one reads it back through Pack's serializer.
            read = await packCache.GetOrCreatePackAsync<T>($"demo:{name}", _ => throw new InvalidOperationException("the entry was not read"), cancellationToken: cancellationToken).ConfigureAwait(false);
            bool same = SameValues(value, read);
            rows.Add(
            [
                name,
                json.ToString("N0", CultureInfo.InvariantCulture),
                pack.ToString("N0", CultureInfo.InvariantCulture),
                ((double)pack / json).ToString("P0", CultureInfo.InvariantCulture),
                envelope.ToString("N0", CultureInfo.InvariantCulture),
                same ? "yes" : "NO",
            ]);
            return same;
        }
    }

    private static long EntryLength<T>(IServiceProvider services, T value)
    {
        // HybridCache asks its serializer factories last-registered first, as this does.
        foreach (IHybridCacheSerializerFactory factory in services.GetServices<IHybridCacheSerializerFactory>().Reverse())
        {
            if (factory.TryCreateSerializer<T>(out var serializer))
            {
                var buffer = new ArrayBufferWriter<byte>();
                serializer.Serialize(value, buffer);
                return buffer.WrittenCount;
            }
        }

        throw new InvalidOperationException($"No HybridCache serializer for {typeof(T)}.");
    }
}
