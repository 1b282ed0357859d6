using System.Buffers;
using System.Globalization;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>
/// Negotiation outside MVC, following MVC's rules so minimal APIs and controllers answer alike: an <c>Accept</c> with
/// <c>*/*</c> (every browser sends one) is ignored and JSON wins; otherwise the best-quality media range that Pack or
/// JSON can serve decides, earlier ranges winning ties; when nothing matches, JSON.
/// </summary>
internal static class AcceptHeader
{
    private static readonly MediaType PackMediaType = new(PackMediaTypes.Pack);
    private static readonly MediaType PackStreamMediaType = new(PackMediaTypes.PackStream);
    private static readonly MediaType JsonMediaType = new("application/json");
    private static readonly MediaType TextJsonMediaType = new("text/json");
    // RFC 9110 token characters less '*' and '+', so wildcards and suffixes go to the full rules.
    private static readonly SearchValues<char> TokenCharacters = SearchValues.Create("!#$%&'.^_`|~-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
    private const string Whitespace = " \t";
    private const string PackClientAccept = PackMediaTypes.Pack + ", application/json;q=0.9";
    private const string PackClientStreamAccept = PackMediaTypes.PackStream + ", " + PackMediaTypes.Pack + ", application/json;q=0.9";

    /// <summary>Whether the response should be Pack rather than JSON: <c>?format=pack</c>, or the <c>Accept</c> header.</summary>
    public static bool PrefersPack(HttpRequest request)
    {
        // The Accept values Pack clients send answer at once, whatever the query: they ask for Pack, as ?format=pack does.
        var accept = request.Headers.Accept;
        var single = accept.Count == 1 ? accept[0] : null;
        if (IsPackClientAccept(single))
        {
            return true;
        }

        if (PackFormatQuery.AsksForPack(request))
        {
            return true;
        }

        if (single is not null)
        {
            if (IsJsonName(single))
            {
                return false; // A JSON media type, whole: what JSON clients send, answered without a scan.
            }

            if (Scan(single) is { } prefersPack)
            {
                return prefersPack;
            }
        }

        return PrefersPackParsed(accept);
    }

    /// <summary>
    /// Whether <paramref name="header"/> is, whole, one of the values Pack clients send: a Pack media type, or Pack.Client's
    /// <c>application/x-pack, application/json;q=0.9</c> (and its stream variant). One comparison, where <see cref="Scan"/>
    /// would split and check each range; the answer is the same.
    /// </summary>
    internal static bool IsPackClientAccept(string? header)
        => header is not null
           && (IsPackName(header)
               || header.Equals(PackClientAccept, StringComparison.OrdinalIgnoreCase)
               || header.Equals(PackClientStreamAccept, StringComparison.OrdinalIgnoreCase));

    /// <summary>
    /// Whether <paramref name="header"/> is, whole, a value Pack clients send whose first choice is <c>application/x-pack</c>
    /// itself (not the stream variant): what MVC's selector would offer the formatters first (<see cref="PackOutputFormatterSelector"/>).
    /// </summary>
    internal static bool IsPackFirstClientAccept(string? header)
        => header is not null
           && (header.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase)
               || header.Equals(PackClientAccept, StringComparison.OrdinalIgnoreCase));

    /// <summary>The negotiation rules applied to a parsed <c>Accept</c>: the reference that <see cref="Scan"/> must agree with.</summary>
    internal static bool PrefersPackParsed(StringValues accept)
    {
        if (!MediaTypeHeaderValue.TryParseList(accept, out var ranges) || ranges.Count == 0)
        {
            return false;
        }

        MediaTypeHeaderValue? best = null;
        var bestIsPack = false;
        foreach (var range in ranges)
        {
            if (range.MatchesAllTypes)
            {
                return false;
            }

            var quality = range.Quality ?? 1.0;
            if (quality <= 0 || (best is not null && quality <= (best.Quality ?? 1.0)))
            {
                continue;
            }

            var mediaType = TypeAndSubtype(range);
            var isPack = IsPack(mediaType);
            if (isPack || JsonMediaType.IsSubsetOf(mediaType) || TextJsonMediaType.IsSubsetOf(mediaType))
            {
                best = range;
                bestIsPack = isPack;
            }
        }

        return bestIsPack;
    }

    /// <summary>
    /// The answer for the <c>Accept</c> values clients send (<c>application/x-pack</c>, <c>application/json</c>, or a
    /// list of plain media types with <c>q</c> weights such as Pack.Client's <c>application/x-pack, application/json;q=0.9</c>),
    /// decided without parsing: parsing allocates a list and a header value per range on every request. Anything else
    /// (wildcards, other parameters, suffixes, quoted values, malformed ranges) returns <see langword="null"/> and goes to
    /// <see cref="PrefersPackParsed"/>.
    /// </summary>
    internal static bool? Scan(string? header)
    {
        var rest = header.AsSpan();
        var best = 0; // 0: none yet, 1: JSON, 2: Pack
        var bestQuality = 0.0;
        while (true)
        {
            var comma = rest.IndexOf(',');
            var range = (comma < 0 ? rest : rest[..comma]).Trim(Whitespace);
            var quality = 1.0;
            var semicolon = range.IndexOf(';');
            var mediaType = semicolon < 0 ? range : range[..semicolon].TrimEnd(Whitespace);
            if (semicolon >= 0)
            {
                // Only an RFC 9110 qvalue: "0" or "1", then up to three decimals; anything looser is left to the parser.
                var parameter = range[(semicolon + 1)..].Trim(Whitespace);
                if (parameter.Length is < 3 or > 7 || (parameter[0] | 0x20) != 'q' || parameter[1] != '=' || parameter[2] is not ('0' or '1')
                    || !double.TryParse(parameter[2..], NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out quality) || quality > 1)
                {
                    return null;
                }
            }

            if (!IsPlainMediaType(mediaType))
            {
                return null;
            }

            var kind = IsPackName(mediaType) ? 2 : IsJsonName(mediaType) ? 1 : 0;
            if (kind != 0 && quality > 0 && (best == 0 || quality > bestQuality))
            {
                best = kind;
                bestQuality = quality;
            }

            if (comma < 0)
            {
                return best == 2;
            }

            rest = rest[(comma + 1)..];
        }
    }

    /// <summary>A <c>type/subtype</c> of token characters, with no wildcard and no suffix (which the full rules match specially).</summary>
    private static bool IsPlainMediaType(ReadOnlySpan<char> mediaType)
    {
        var slash = mediaType.IndexOf('/');
        return slash > 0 && slash < mediaType.Length - 1
            && !mediaType[..slash].ContainsAnyExcept(TokenCharacters)
            && !mediaType[(slash + 1)..].ContainsAnyExcept(TokenCharacters);
    }

    private static bool IsPackName(ReadOnlySpan<char> mediaType)
        => mediaType.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase) || mediaType.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase);

    private static bool IsJsonName(ReadOnlySpan<char> mediaType)
        => mediaType.Equals("application/json", StringComparison.OrdinalIgnoreCase) || mediaType.Equals("text/json", StringComparison.OrdinalIgnoreCase);

    /// <summary>Whether <c>Accept</c> names a Pack media type explicitly.</summary>
    public static bool NamesPack(HttpRequest request)
    {
        if (!MediaTypeHeaderValue.TryParseList(request.Headers.Accept, out var ranges))
        {
            return false;
        }

        foreach (var range in ranges)
        {
            if ((range.Quality ?? 1.0) > 0 && !range.MatchesAllTypes && !range.MatchesAllSubTypes && IsPack(TypeAndSubtype(range)))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// The range's type and subtype alone. <c>new MediaType(range.MediaType)</c> would keep the segment's underlying
    /// header string, and MediaType's parameter parser then reads past the segment and throws on input such as
    /// <c>application/x-pack;q=</c>, which turned a malformed Accept into a 500.
    /// </summary>
    private static MediaType TypeAndSubtype(MediaTypeHeaderValue range) => new(range.MediaType.Value ?? string.Empty);

    private static bool IsPack(MediaType mediaType) =>
        !mediaType.MatchesAllTypes && !mediaType.MatchesAllSubTypes
        && (PackMediaType.IsSubsetOf(mediaType) || PackStreamMediaType.IsSubsetOf(mediaType));
}
