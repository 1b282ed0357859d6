using Microsoft.AspNetCore.Http;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>Adds <c>Accept</c> to the response's <c>Vary</c> header once.</summary>
internal static class VaryHeader
{
    /// <summary>
    /// Adds <c>Accept</c> unless a member of <c>Vary</c> already is <c>Accept</c> or <c>*</c>. Members are compared whole
    /// (<see cref="HeaderList"/>): a <c>Vary: Accept-Encoding</c> set earlier by <c>[ResponseCache(VaryByHeader = ...)]</c>
    /// or a middleware does not stand for <c>Accept</c>, or a shared cache would hand Pack bytes to the next browser.
    /// </summary>
    public static void AddAccept(HttpResponse response)
    {
        var vary = response.Headers.Vary;
        if (!HeaderList.Contains(vary, "*"))
        {
            response.Headers.Vary = HeaderList.Add(vary, HeaderNames.Accept);
        }
    }
}
