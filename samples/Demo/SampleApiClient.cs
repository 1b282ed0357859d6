using Pack.Client;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo;

/// <summary>
/// A typed client for the sample API over Pack.Client's <see cref="HttpClient"/> extensions.
/// The issue asked for a Refit client, but Refit does not restore from this repository's package registry (NU1101,
/// see docs/client.md); a typed client like this one is the documented stand-in and behaves the same way.
/// </summary>
public sealed class SampleApiClient(HttpClient http)
{
    public Task<List<Order>?> ListOrdersAsync(CancellationToken cancellationToken) =>
        http.GetFromPackAsync<List<Order>>("api/orders", cancellationToken);

    public Task<Order?> GetOrderAsync(int id, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Order>($"api/orders/{id}", cancellationToken);

    public Task<Order?> CreateOrderAsync(CreateOrderRequest request, CancellationToken cancellationToken) =>
        http.PostAsPackAsync<CreateOrderRequest, Order>("api/orders", request, cancellationToken);

    public Task<Order?> ReplaceOrderAsync(int id, CreateOrderRequest request, CancellationToken cancellationToken) =>
        http.PutAsPackAsync<CreateOrderRequest, Order>($"api/orders/{id}", request, cancellationToken);

    public Task<Order?> DeleteOrderAsync(int id, CancellationToken cancellationToken) =>
        http.DeleteFromPackAsync<Order>($"api/orders/{id}", cancellationToken);

    public Task<Organization?> GetOrganizationAsync(int members, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Organization>($"api/organizations/{members}", cancellationToken);

    public IAsyncEnumerable<Member?> StreamMembersAsync(int count, int delayMs, CancellationToken cancellationToken) =>
        http.GetFromPackAsAsyncEnumerable<Member>($"api/members/stream?count={count}&delayMs={delayMs}", cancellationToken);

    public Task<Order?> GetMinimalOrderAsync(int id, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Order>($"minimal/orders/{id}", cancellationToken);

    public Task<Order?> CreateMinimalOrderAsync(CreateOrderRequest request, CancellationToken cancellationToken) =>
        http.PostAsPackAsync<CreateOrderRequest, Order>("minimal/orders", request, cancellationToken);

    public Task<Organization?> GetMinimalOrganizationAsync(int members, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Organization>($"minimal/organizations/{members}", cancellationToken);
}
