using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Net.Http.Headers;

namespace Pack.AspNetCore;

/// <summary>
/// A base policy of ASP.NET Core's output cache that keys cached responses by <c>Accept</c> too. The output cache builds
/// its key before the endpoint runs and never reads the response's <c>Vary</c>, so without this the first client's format
/// (Pack or JSON) would be served to every client of the URL. It only adds to the vary rules; whether a response is
/// cached stays the endpoint's policy (<c>[OutputCache]</c>, <c>.CacheOutput()</c>).
/// </summary>
internal sealed class PackOutputCachePolicy : IOutputCachePolicy
{
    public static readonly PackOutputCachePolicy Instance = new();

    private PackOutputCachePolicy()
    {
    }

    public ValueTask CacheRequestAsync(OutputCacheContext context, CancellationToken cancellation)
    {
        var rules = context.CacheVaryByRules;
        rules.HeaderNames = HeaderList.Add(rules.HeaderNames, HeaderNames.Accept);
        return ValueTask.CompletedTask;
    }

    public ValueTask ServeFromCacheAsync(OutputCacheContext context, CancellationToken cancellation) => ValueTask.CompletedTask;

    public ValueTask ServeResponseAsync(OutputCacheContext context, CancellationToken cancellation) => ValueTask.CompletedTask;
}
