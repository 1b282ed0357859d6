using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
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

    /// <summary>Whether the response should be Pack rather than JSON: <c>?format=pack</c>, or the <c>Accept</c> header.</summary>
    public static bool PrefersPack(HttpRequest request)
    {
        if (PackFormatQuery.AsksForPack(request))
        {
            return true;
        }

        var accept = request.Headers.Accept;
        if (accept.Count == 1 && TryPrefersPackFromSingleRange(accept[0], out var prefersPack))
        {
            return prefersPack;
        }

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
    /// The answer for an <c>Accept</c> of exactly one Pack or JSON media type with no parameters, which is what clients
    /// send, decided without parsing (parsing allocates a list and a header value per range). Anything else, wildcards,
    /// lists and parameters included, returns <see langword="false"/> and goes to the full rules.
    /// </summary>
    private static bool TryPrefersPackFromSingleRange(string? value, out bool prefersPack)
    {
        var range = value.AsSpan().Trim(' ');
        prefersPack = range.Equals(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase)
            || range.Equals(PackMediaTypes.PackStream, StringComparison.OrdinalIgnoreCase);
        return prefersPack
            || range.Equals("application/json", StringComparison.OrdinalIgnoreCase)
            || range.Equals("text/json", StringComparison.OrdinalIgnoreCase);
    }

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
