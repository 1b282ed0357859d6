using Microsoft.Extensions.Primitives;

namespace Pack.AspNetCore;

/// <summary>The low-cardinality <c>pack.format</c> tag: <c>pack</c>, <c>pack-stream</c> or <c>json</c>; anything else is not measured.</summary>
internal static class PackFormatTag
{
    public const string Key = "pack.format";
    public const string Pack = "pack";
    public const string PackStream = "pack-stream";
    public const string Json = "json";

    /// <summary>The tag value for a <c>Content-Type</c>, or <see langword="null"/> when it is neither Pack nor JSON.</summary>
    public static string? FromContentType(string? contentType)
    {
        if (string.IsNullOrEmpty(contentType))
        {
            return null;
        }

        var mediaType = contentType.AsSpan();
        var parameters = mediaType.IndexOf(';');
        if (parameters >= 0)
        {
            mediaType = mediaType[..parameters];
        }

        mediaType = mediaType.Trim();
        if (mediaType.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase))
        {
            return Pack;
        }

        if (mediaType.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase))
        {
            return PackStream;
        }

        return mediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("text/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.EndsWith("+json", StringComparison.OrdinalIgnoreCase)
            ? Json
            : null;
    }

    /// <summary>The tag value for a request's <c>Content-Type</c> header.</summary>
    public static string? FromContentType(StringValues contentType) => FromContentType(contentType.Count == 0 ? null : contentType[0]);
}
