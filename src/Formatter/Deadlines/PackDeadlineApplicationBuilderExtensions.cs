using Pack.AspNetCore;

namespace Microsoft.AspNetCore.Builder;

/// <summary>Adds Pack deadlines to the request pipeline.</summary>
public static class PackDeadlineApplicationBuilderExtensions
{
    /// <summary>
    /// Honours the <c>Pack-Timeout</c> request header through ASP.NET Core's request timeouts: adds the Pack deadline
    /// middleware and then <c>UseRequestTimeouts()</c>, so call it in place of <c>UseRequestTimeouts()</c>, after
    /// <c>UseRouting()</c> (a <c>WebApplication</c> routes first by itself). Requires <c>AddPackDeadlines()</c>.
    /// </summary>
    /// <param name="app">The application builder.</param>
    /// <returns><paramref name="app"/>, for chaining.</returns>
    public static IApplicationBuilder UsePackDeadlines(this IApplicationBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);

        app.UseMiddleware<PackDeadlineMiddleware>();
        return app.UseRequestTimeouts();
    }
}
