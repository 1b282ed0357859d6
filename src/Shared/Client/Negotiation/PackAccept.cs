using System.Net.Http.Headers;

namespace Pack.Client;

/// <summary>The <c>Accept</c> values the client sends, and the media-type checks it makes on responses.</summary>
internal static class PackAccept
{
    /// <summary>Pack first; JSON still reads, so a server that is not upgraded yet keeps working.</summary>
    internal const string Value = PackMediaTypes.Pack + ", application/json;q=0.9";

    /// <summary>For sequences: a stream of frames first, then a whole Pack array, then JSON.</summary>
    internal const string StreamValue = PackMediaTypes.PackStream + ", " + PackMediaTypes.Pack + ", application/json;q=0.9";

    internal static void Set(HttpRequestMessage request, string value)
    {
        // A string is parsed lazily by HttpHeaders; sharing a MediaTypeWithQualityHeaderValue instance across requests
        // would not be safe, because header values are mutable.
        request.Headers.Remove("Accept");
        request.Headers.TryAddWithoutValidation("Accept", value);
    }

    internal static PackMediaKind Classify(HttpContent content)
    {
        // The exact values Pack servers send are recognised from the raw header: parsing one into a MediaTypeHeaderValue
        // costs an object and a string on every response. Anything else (parameters, several values) is parsed as before.
        if (content.Headers.NonValidated.TryGetValues("Content-Type", out HeaderStringValues raw) && raw.Count == 1)
        {
            string value = raw.ToString();
            if (value.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase))
            {
                return PackMediaKind.Pack;
            }

            if (value.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase))
            {
                return PackMediaKind.PackStream;
            }
        }

        MediaTypeHeaderValue? contentType = content.Headers.ContentType;
        return contentType?.MediaType is { } mediaType ? Classify(mediaType) : PackMediaKind.None;
    }

    internal static PackMediaKind Classify(string mediaType)
    {
        if (mediaType.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase))
        {
            return PackMediaKind.Pack;
        }

        if (mediaType.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase))
        {
            return PackMediaKind.PackStream;
        }

        if (mediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.Equals("text/json", StringComparison.OrdinalIgnoreCase)
            || mediaType.EndsWith("+json", StringComparison.OrdinalIgnoreCase))
        {
            return PackMediaKind.Json;
        }

        return PackMediaKind.Other;
    }
}
