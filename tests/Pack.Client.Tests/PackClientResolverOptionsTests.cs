using System.Collections.Concurrent;
using Pack.Client;
using Pack.Formatters;

namespace Pack.Client.Tests;

/// <summary>Resolvers (source-generated contexts) set in the client's serializer options reach the serializer.</summary>
public sealed class PackClientResolverOptionsTests
{
    [Fact]
    public async Task PackContent_SerializerOptionsWithResolvers_SerializerAsksThem()
    {
        var resolver = new RecordingResolver();
        var options = new PackClientOptions { SerializerOptions = new PackSerializerOptions { Resolvers = [resolver] } };

        using var content = PackContent.Create(new ClientResolverProbe { Value = 3 }, options.SerializerOptions);
        byte[] bytes = await content.ReadAsByteArrayAsync();

        Assert.Contains(typeof(ClientResolverProbe), resolver.Requested);
        Assert.Equal(3, PackSerializer.Deserialize<ClientResolverProbe>(bytes)!.Value);
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
    public sealed class ClientResolverProbe
    {
        public int Value { get; set; }
    }
}
