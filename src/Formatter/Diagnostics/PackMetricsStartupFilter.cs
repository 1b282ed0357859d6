using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;

namespace Pack.AspNetCore;

/// <summary>Puts <see cref="PackMetricsMiddleware"/> in front of the app's own pipeline, so it sees bodies as they cross the server's edge.</summary>
internal sealed class PackMetricsStartupFilter : IStartupFilter
{
    public Action<IApplicationBuilder> Configure(Action<IApplicationBuilder> next) => app =>
    {
        app.UseMiddleware<PackMetricsMiddleware>();
        next(app);
    };
}
