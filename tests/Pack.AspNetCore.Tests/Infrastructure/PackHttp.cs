using System.Net.Http.Headers;
using System.Text.Json;

namespace Pack.AspNetCore.Tests;

/// <summary>Small helpers for building Pack requests and reading Pack responses in tests.</summary>
public static class PackHttp
{
    public const string ProblemJson = "application/problem+json";

    public static ByteArrayContent Content<T>(T value) => Bytes(PackSerializer.Serialize(value));

    public static ByteArrayContent Bytes(byte[] bytes, string mediaType = PackMediaTypes.Pack)
    {
        var content = new ByteArrayContent(bytes);
        content.Headers.ContentType = new MediaTypeHeaderValue(mediaType);
        return content;
    }

    public static HttpRequestMessage Get(string uri, string? accept = PackMediaTypes.Pack)
    {
        var request = new HttpRequestMessage(HttpMethod.Get, uri);
        if (accept is not null)
        {
            request.Headers.TryAddWithoutValidation("Accept", accept);
        }

        return request;
    }

    public static HttpRequestMessage Post(string uri, HttpContent content, string? accept = PackMediaTypes.Pack)
    {
        var request = Get(uri, accept);
        request.Method = HttpMethod.Post;
        request.Content = content;
        return request;
    }

    public static async Task<T?> ReadPackAsync<T>(HttpResponseMessage response)
    {
        Assert.Equal(PackMediaTypes.Pack, response.Content.Headers.ContentType?.MediaType);
        return PackSerializer.Deserialize<T>(await response.Content.ReadAsByteArrayAsync());
    }

    public static async Task<JsonElement> ReadProblemAsync(HttpResponseMessage response)
    {
        Assert.Equal(ProblemJson, response.Content.Headers.ContentType?.MediaType);
        return JsonDocument.Parse(await response.Content.ReadAsStringAsync()).RootElement.Clone();
    }

    /// <summary>Structural equality for test models, through their JSON form.</summary>
    public static void AssertSame<T>(T expected, T? actual) =>
        Assert.Equal(JsonSerializer.Serialize(expected), JsonSerializer.Serialize(actual));
}
