using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>Adds <c>Accept</c> to the response's <c>Vary</c> header once.</summary>
internal static class VaryHeader
{
    public static void AddAccept(HttpResponse response)
    {
        var vary = response.Headers.Vary;
        if (vary.Count == 0)
        {
            response.Headers.Vary = HeaderNames.Accept;
            return;
        }

        foreach (var value in vary)
        {
            if (value is not null && value.Contains(HeaderNames.Accept, StringComparison.OrdinalIgnoreCase))
            {
                return;
            }
        }

        response.Headers.Vary = Microsoft.Extensions.Primitives.StringValues.Concat(vary, HeaderNames.Accept);
    }
}
