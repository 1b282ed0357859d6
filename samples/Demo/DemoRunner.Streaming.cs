using System.Net;
using System.Runtime.CompilerServices;
using Pack.Client;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo;

public static partial class DemoRunner
{
    /// <summary>
    /// Client streaming (an upload of readings, summed by the server as they arrive) and a bidirectional call (each
    /// reading answered, scaled, while the upload goes on, over HTTP/2), each compared with the same work done locally.
    /// </summary>
    private static async Task<bool> UploadAndBidiDemoAsync(Uri baseAddress, Uri http2Address, TextWriter output, CancellationToken cancellationToken)
    {
        const int Count = 10_000;
        output.WriteLine();
        output.WriteLine($"Client streaming: POST /api/readings, {Count:N0} readings as application/x-pack-stream:");
        using var http11 = new HttpClient { BaseAddress = baseAddress };
        ReadingSummary? summary;
        try
        {
            summary = await http11.PostAsPackStreamAsync<Reading, ReadingSummary>("/api/readings", Readings(Count, cancellationToken), cancellationToken).ConfigureAwait(false);
        }
        catch (PackApiException exception) when (exception.StatusCode == HttpStatusCode.NotFound)
        {
            // An API run elsewhere (--url), such as the Native AOT sample, may not have the streaming endpoints.
            output.WriteLine("  skipped: this API has no /api/readings");
            return true;
        }

        var expected = new ReadingSummary(Count, Enumerable.Range(1, Count).Sum(i => Value(i)), Enumerable.Range(1, Count).Max(i => Value(i)));
        bool uploadMatched = summary == expected;
        output.WriteLine($"  {(uploadMatched ? "ok  " : "DIFF")} server summary {summary} (computed locally: {expected})");

        output.WriteLine("Bidirectional: POST /minimal/readings/scale?factor=2 over HTTP/2 (h2c), answers read while readings are sent:");
        using var http2 = new HttpClient
        {
            BaseAddress = http2Address,
            DefaultRequestVersion = HttpVersion.Version20,
            DefaultVersionPolicy = HttpVersionPolicy.RequestVersionExact,
        };
        int answered = 0;
        bool bidiMatched = true;
        try
        {
            await TryHttp2Async(http2, cancellationToken).ConfigureAwait(false);
        }
        catch (HttpRequestException exception)
        {
            // An API run elsewhere (--url) may offer HTTP/2 only over TLS; bidirectional calls need HTTP/2.
            output.WriteLine($"  skipped: {http2Address} does not speak HTTP/2 without TLS ({exception.Message})");
            return uploadMatched;
        }

        await foreach (Reading? scaled in http2.StreamPackAsync<Reading, Reading>("/minimal/readings/scale?factor=2", Readings(1_000, cancellationToken), cancellationToken).ConfigureAwait(false))
        {
            answered++;
            bidiMatched &= scaled is not null && scaled.Sensor == answered % 8 && scaled.Value == Value(answered) * 2;
        }

        bidiMatched &= answered == 1_000;
        output.WriteLine($"  {(bidiMatched ? "ok  " : "DIFF")} {answered:N0} scaled readings, each equal to the local computation");
        return uploadMatched && bidiMatched;
    }

    private static async Task TryHttp2Async(HttpClient http2, CancellationToken cancellationToken)
    {
        using HttpResponseMessage response = await http2.GetAsync(new Uri("/healthz", UriKind.Relative), cancellationToken).ConfigureAwait(false);
    }

    private static double Value(int i) => (i % 97) * 0.5;

    private static async IAsyncEnumerable<Reading> Readings(int count, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        for (int i = 1; i <= count; i++)
        {
            if (i % 500 == 0)
            {
                await Task.Yield(); // A producer that is sometimes not ready: what is gathered goes out then.
            }

            cancellationToken.ThrowIfCancellationRequested();
            yield return new Reading(i % 8, i, Value(i));
        }
    }
}
