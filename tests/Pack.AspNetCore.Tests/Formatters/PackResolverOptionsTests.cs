using System.Collections.Concurrent;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Pack.Formatters;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>Resolvers (source-generated contexts) set through AddPackFormatters reach the serializer.</summary>
public sealed class PackResolverOptionsTests
{
    [Fact]
    public void AddPackFormatters_SerializerOptionsWithResolvers_SerializerAsksThem()
    {
        var resolver = new RecordingResolver();
        using var provider = new ServiceCollection()
            .AddControllers().AddPackFormatters(o => o.SerializerOptions = new PackSerializerOptions { Resolvers = [resolver] }).Services
            .BuildServiceProvider();

        var options = provider.GetRequiredService<IOptions<PackFormatterOptions>>().Value;
        byte[] bytes = PackSerializer.Serialize(new ResolverProbe { Value = 5 }, options.SerializerOptions);

        Assert.Same(resolver, Assert.Single(options.SerializerOptions.Resolvers));
        Assert.Contains(typeof(ResolverProbe), resolver.Requested);
        Assert.Equal(5, PackSerializer.Deserialize<ResolverProbe>(bytes, options.SerializerOptions)!.Value);
    }

    /// <summary>Records the types it is asked for and handles none, so the run-time path still writes them.</summary>
    private sealed class RecordingResolver : IPackFormatterResolver
    {
        public ConcurrentBag<Type> Requested { get; } = [];

        public PackFormatter<T>? GetFormatter<T>()
        {
            Requested.Add(typeof(T));
            return null;
        }
    }

    /// <summary>A type no other test uses, so its formatter is first created here.</summary>
    public sealed class ResolverProbe
    {
        public int Value { get; set; }
    }
}
