using Pack.Client.Tests.Infrastructure;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>The test server's API as a Refit interface: plain Refit, nothing Pack-specific on it.</summary>
public interface IItemsApi
{
    [Get("/items/{id}")]
    Task<Item> GetAsync(int id, string? suffix = null, CancellationToken cancellationToken = default);

    [Get("/items/{id}")]
    Task<IApiResponse<Item>> GetResponseAsync(int id, CancellationToken cancellationToken = default);

    [Get("/items/{id}")]
    Task<HttpResponseMessage> GetMessageAsync(int id, CancellationToken cancellationToken = default);

    [Get("/items")]
    Task<List<Item>> SearchAsync(string name, int take, CancellationToken cancellationToken = default);

    [Post("/items")]
    Task<Item> CreateAsync([Body] Item item, CancellationToken cancellationToken = default);

    [Post("/items")]
    Task<IApiResponse<Item>> CreateResponseAsync([Body] Item item, CancellationToken cancellationToken = default);

    [Put("/items/{id}")]
    Task<Item> ReplaceAsync(int id, [Body] Item item, CancellationToken cancellationToken = default);

    [Delete("/items/{id}")]
    Task<Item> DeleteAsync(int id, string reason, CancellationToken cancellationToken = default);

    [Delete("/items/{id}/silent")]
    Task DeleteSilentlyAsync(int id, CancellationToken cancellationToken = default);

    [Get("/items/stream")]
    IAsyncEnumerable<Item> StreamAsync(int count, CancellationToken cancellationToken = default);

    [Get("/items")]
    IAsyncEnumerable<Item> SearchAsStreamAsync(string name, int take, CancellationToken cancellationToken = default);

    [Get("/items/stream-error")]
    IAsyncEnumerable<Item> StreamThenFailAsync(CancellationToken cancellationToken = default);

    [Get("/items/stream-until-aborted")]
    IAsyncEnumerable<Item> StreamUntilAbortedAsync(CancellationToken cancellationToken = default);

    [Get("/fail")]
    Task<Item> FailAsync(CancellationToken cancellationToken = default);

    [Get("/echo-accept")]
    Task<Item> EchoAcceptAsync(CancellationToken cancellationToken = default);
}
