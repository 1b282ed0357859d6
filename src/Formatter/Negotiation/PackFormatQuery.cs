using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;

namespace Pack.AspNetCore;

/// <summary>The <c>?format=pack</c> query (and a <c>{format}</c> route value of <c>pack</c>), which asks for Pack whatever the <c>Accept</c>.</summary>
internal static class PackFormatQuery
{
    private const string Key = "format";

    public static bool AsksForPack(HttpRequest request)
    {
        // Read through the features that exist: HttpRequest.RouteValues and HttpRequest.Query would create (and
        // allocate) a route-values feature and a query feature on every request that has none, which is most of them.
        var value = request.HttpContext.Features.Get<IRouteValuesFeature>()?.RouteValues.TryGetValue(Key, out var route) == true && route is string routeFormat
            ? routeFormat
            : MayHaveFormatQuery(request.QueryString.Value) ? request.Query[Key].ToString() : null;
        return string.Equals(value, PackMvcOptionsSetup.FormatName, StringComparison.OrdinalIgnoreCase);
    }

    /// <summary>Whether the raw query can hold a <c>format</c> key: it names it, or escapes characters that could spell it.</summary>
    private static bool MayHaveFormatQuery(string? query)
        => !string.IsNullOrEmpty(query) && (query.Contains(Key, StringComparison.OrdinalIgnoreCase) || query.Contains('%'));
}
