using Microsoft.AspNetCore.OutputCaching;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>Adds <see cref="PackOutputCachePolicy"/> to the output cache's base policies, for apps that call <c>AddOutputCache()</c>.</summary>
internal sealed class PackOutputCacheOptionsSetup : IConfigureOptions<OutputCacheOptions>
{
    public void Configure(OutputCacheOptions options) => options.AddBasePolicy(PackOutputCachePolicy.Instance);
}
