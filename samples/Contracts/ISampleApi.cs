using Refit;

namespace Pack.Samples.Contracts;

/// <summary>
/// The sample API as a Refit interface: controllers under <c>/api</c>, minimal APIs under <c>/minimal</c>.
/// Nothing here is Pack-specific; <c>services.AddPackRefitClient&lt;ISampleApi&gt;()</c> makes it speak Pack.
/// </summary>
public interface ISampleApi
{
    [Get("/api/orders")]
    Task<List<Order>> ListOrdersAsync(CancellationToken cancellationToken = default);

    [Get("/api/orders/{id}")]
    Task<Order> GetOrderAsync(int id, CancellationToken cancellationToken = default);

    [Post("/api/orders")]
    Task<Order> CreateOrderAsync([Body] CreateOrderRequest request, CancellationToken cancellationToken = default);

    [Put("/api/orders/{id}")]
    Task<Order> ReplaceOrderAsync(int id, [Body] CreateOrderRequest request, CancellationToken cancellationToken = default);

    [Delete("/api/orders/{id}")]
    Task<Order> DeleteOrderAsync(int id, CancellationToken cancellationToken = default);

    [Get("/api/organizations/{members}")]
    Task<Organization> GetOrganizationAsync(int members, CancellationToken cancellationToken = default);

    [Get("/api/organizations/{members}/hybrid")]
    Task<Organization> GetCachedOrganizationAsync(int members, CancellationToken cancellationToken = default);

    [Get("/api/members/stream")]
    IAsyncEnumerable<Member> StreamMembersAsync(int count, int delayMs, CancellationToken cancellationToken = default);

    [Get("/minimal/orders/{id}")]
    Task<Order> GetMinimalOrderAsync(int id, CancellationToken cancellationToken = default);

    [Post("/minimal/orders")]
    Task<Order> CreateMinimalOrderAsync([Body] CreateOrderRequest request, CancellationToken cancellationToken = default);

    [Get("/minimal/organizations/{members}")]
    Task<Organization> GetMinimalOrganizationAsync(int members, CancellationToken cancellationToken = default);
}
