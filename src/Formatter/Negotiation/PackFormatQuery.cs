using Microsoft.AspNetCore.Http;

namespace Pack.AspNetCore;

/// <summary>The <c>?format=pack</c> query (and a <c>{format}</c> route value of <c>pack</c>), which asks for Pack whatever the <c>Accept</c>.</summary>
internal static class PackFormatQuery
{
    public static bool AsksForPack(HttpRequest request)
    {
        var value = request.RouteValues.TryGetValue("format", out var route) && route is string routeFormat
            ? routeFormat
            : request.Query["format"].ToString();
        return string.Equals(value, PackMvcOptionsSetup.FormatName, StringComparison.OrdinalIgnoreCase);
    }
}
