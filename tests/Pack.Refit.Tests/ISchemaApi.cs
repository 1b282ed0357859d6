using Pack.Client.Tests.Schema;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>The versioned order endpoints of <see cref="SchemaServerHost"/>, read with the client's own contract.</summary>
public interface ISchemaApi
{
    [Get("/orders/{version}")]
    Task<ClientOrder> GetAsync(string version, CancellationToken cancellationToken = default);

    [Get("/orders/{version}")]
    Task<ClientOrder<SchemaRefitTests.CountedScope>> GetCountedAsync(string version, CancellationToken cancellationToken = default);

    [Get("/orders/{version}/stream")]
    IAsyncEnumerable<ClientOrder> StreamAsync(string version, CancellationToken cancellationToken = default);

    [Get("/orders/{version}/stream")]
    Task<List<ClientOrder>> CollectAsync(string version, CancellationToken cancellationToken = default);
}
