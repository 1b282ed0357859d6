using System.Net.Http.Headers;
using System.Net.Http.Json;
using System.Text.Json;
using Pack.Benchmarks.Workloads;
using Pack.Client;

namespace Pack.Benchmarks.Http;

/// <summary>
/// One HTTP workload: how to make one request with each format and check the answer. <see cref="ExecuteAsync"/> returns
/// the number of items decoded; with <c>deep</c> it also compares the decoded value with the data the server holds.
/// </summary>
public sealed record HttpWorkload(
    string Id,
    string Path,
    int ExpectedItems,
    bool Http2,
    Func<HttpClient, HttpFormat, bool, CancellationToken, Task<int>> ExecuteAsync)
{
    private static readonly JsonSerializerOptions WebJson = JsonSerializerOptions.Web;

    /// <summary>Every workload, the Kestrel ceiling first.</summary>
    public static IReadOnlyList<HttpWorkload> All { get; } =
    [
        new("H0_KestrelCeiling", HttpWorkloadPaths.Ceiling, 0, Http2: true, CeilingAsync),
        new("H1_Small", HttpWorkloadPaths.Of(HttpWorkloadPaths.Small), 1, Http2: true, (c, f, d, t) => GetAsync(c, f, HttpWorkloadPaths.Of(HttpWorkloadPaths.Small), HttpWorkloadData.Small, _ => 1, d, t)),
        new("H2_List100", HttpWorkloadPaths.Of(HttpWorkloadPaths.List100), 100, Http2: true, (c, f, d, t) => GetAsync(c, f, HttpWorkloadPaths.Of(HttpWorkloadPaths.List100), HttpWorkloadData.List100, v => v.Count, d, t)),
        new("H3_Organization10k", HttpWorkloadPaths.Of(HttpWorkloadPaths.Organization10k), 10_000, Http2: true, (c, f, d, t) => GetAsync(c, f, HttpWorkloadPaths.Of(HttpWorkloadPaths.Organization10k), HttpWorkloadData.Organization10k, v => v.Members?.Count ?? -1, d, t)),
        new("H4_EchoPost1k", HttpWorkloadPaths.Of(HttpWorkloadPaths.Echo), 1_000, Http2: true, EchoAsync),
        new("H5_Stream100k", HttpWorkloadPaths.Of(HttpWorkloadPaths.Stream100k), 100_000, Http2: false, StreamAsync),
    ];

    /// <summary>Whether the request carries a body (H4).</summary>
    public bool IsPost => Id.StartsWith("H4_", StringComparison.Ordinal);

    /// <summary>The formats this workload runs with.</summary>
    public IReadOnlyList<HttpFormat> Formats => ExpectedItems == 0 ? [HttpFormat.None] : [HttpFormat.Json, HttpFormat.Pack];

    /// <summary>The response media type the server must send for <paramref name="format"/>.</summary>
    public string? ExpectedMediaType(HttpFormat format) => format switch
    {
        HttpFormat.Json => "application/json",
        HttpFormat.Pack => Id.StartsWith("H5", StringComparison.Ordinal) ? PackMediaTypes.PackStream : PackMediaTypes.Pack,
        _ => null,
    };

    /// <summary>A request equivalent to the one <see cref="ExecuteAsync"/> sends, to count the bytes on the wire.</summary>
    public HttpRequestMessage CreateProbeRequest(HttpFormat format)
    {
        var request = new HttpRequestMessage(IsPost ? HttpMethod.Post : HttpMethod.Get, Path);
        if (request.Method == HttpMethod.Post)
        {
            request.Content = format == HttpFormat.Pack
                ? PackContent.Create(HttpWorkloadData.Organization1k)
                : JsonContent.Create(HttpWorkloadData.Organization1k, mediaType: null, WebJson);
        }

        if (ExpectedMediaType(format) is { } mediaType)
        {
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(mediaType));
        }

        return request;
    }

    private static async Task<int> CeilingAsync(HttpClient client, HttpFormat format, bool deep, CancellationToken cancellationToken)
    {
        using var response = await client.GetAsync(HttpWorkloadPaths.Ceiling, HttpCompletionOption.ResponseContentRead, cancellationToken);
        response.EnsureSuccessStatusCode();
        return 0;
    }

    private static async Task<int> GetAsync<T>(HttpClient client, HttpFormat format, string path, T expected, Func<T, int> count, bool deep, CancellationToken cancellationToken)
    {
        var value = format == HttpFormat.Pack
            ? await client.GetFromPackAsync<T>(path, cancellationToken)
            : await client.GetFromJsonAsync<T>(path, WebJson, cancellationToken);
        return Check(value, expected, count, deep);
    }

    private static async Task<int> EchoAsync(HttpClient client, HttpFormat format, bool deep, CancellationToken cancellationToken)
    {
        var path = HttpWorkloadPaths.Of(HttpWorkloadPaths.Echo);
        var expected = HttpWorkloadData.Organization1k;
        Organization? value;
        if (format == HttpFormat.Pack)
        {
            value = await client.PostAsPackAsync<Organization, Organization>(path, expected, cancellationToken);
        }
        else
        {
            using var response = await client.PostAsJsonAsync(path, expected, WebJson, cancellationToken);
            response.EnsureSuccessStatusCode();
            value = await response.Content.ReadFromJsonAsync<Organization>(WebJson, cancellationToken);
        }

        return Check(value, expected, v => v.Members?.Count ?? -1, deep);
    }

    private static async Task<int> StreamAsync(HttpClient client, HttpFormat format, bool deep, CancellationToken cancellationToken)
    {
        var path = HttpWorkloadPaths.Of(HttpWorkloadPaths.Stream100k);
        var items = format == HttpFormat.Pack
            ? client.GetFromPackAsAsyncEnumerable<Member>(path, cancellationToken)
            : client.GetFromJsonAsAsyncEnumerable<Member>(path, WebJson, cancellationToken);
        var received = deep ? new List<Member>() : null;
        var count = 0;
        await foreach (var item in items)
        {
            if (item is null)
            {
                throw new InvalidDataException($"{path}: item {count} decoded as null");
            }

            received?.Add(item);
            count++;
        }

        return received is null ? count : Check(received, HttpWorkloadData.Stream100k, v => v.Count, deep: true);
    }

    private static int Check<T>(T? value, T expected, Func<T, int> count, bool deep)
    {
        if (value is null)
        {
            throw new InvalidDataException("The response decoded as null.");
        }

        if (deep && JsonSerializer.Serialize(value, WebJson) != JsonSerializer.Serialize(expected, WebJson))
        {
            throw new InvalidDataException($"The decoded {typeof(T).Name} differs from the server's data.");
        }

        return count(value);
    }
}
