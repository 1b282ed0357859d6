using Pack.Client;
using Pack.Refit;
using Pack.Samples.Contracts;
using Refit;

namespace Pack.Samples.Demo;

/// <summary>
/// The demo's client for the sample API. The controller endpoints (<c>/api</c>) go through the Refit interface
/// <see cref="ISampleApi"/> with <see cref="PackContentSerializer"/>; the minimal-API endpoints (<c>/minimal</c>) go
/// through Pack.Client's <see cref="HttpClient"/> extensions, so the demo shows both clients on the same server.
/// </summary>
/// <remarks>
/// The <see cref="HttpClient"/> must have a <see cref="PackRefitHandler"/> in its pipeline (the demo builds it by hand;
/// an application would use <c>services.AddPackRefitClient&lt;ISampleApi&gt;()</c>).
/// </remarks>
public sealed class SampleApiClient(HttpClient http)
{
    private readonly ISampleApi _api = RestService.For<ISampleApi>(http, new RefitSettings { ContentSerializer = new PackContentSerializer() });

    public async Task<List<Order>?> ListOrdersAsync(CancellationToken cancellationToken) =>
        await _api.ListOrdersAsync(cancellationToken).ConfigureAwait(false);

    public async Task<Order?> GetOrderAsync(int id, CancellationToken cancellationToken) =>
        await _api.GetOrderAsync(id, cancellationToken).ConfigureAwait(false);

    public async Task<Order?> CreateOrderAsync(CreateOrderRequest request, CancellationToken cancellationToken) =>
        await _api.CreateOrderAsync(request, cancellationToken).ConfigureAwait(false);

    public async Task<Order?> ReplaceOrderAsync(int id, CreateOrderRequest request, CancellationToken cancellationToken) =>
        await _api.ReplaceOrderAsync(id, request, cancellationToken).ConfigureAwait(false);

    public async Task<Order?> DeleteOrderAsync(int id, CancellationToken cancellationToken) =>
        await _api.DeleteOrderAsync(id, cancellationToken).ConfigureAwait(false);

    public async Task<Organization?> GetOrganizationAsync(int members, CancellationToken cancellationToken) =>
        await _api.GetOrganizationAsync(members, cancellationToken).ConfigureAwait(false);

    public async Task<Organization?> GetCachedOrganizationAsync(int members, CancellationToken cancellationToken) =>
        await _api.GetCachedOrganizationAsync(members, cancellationToken).ConfigureAwait(false);

    public IAsyncEnumerable<Member?> StreamMembersAsync(int count, int delayMs, CancellationToken cancellationToken) =>
        _api.StreamMembersAsync(count, delayMs, cancellationToken)!;

    public Task<Order?> GetMinimalOrderAsync(int id, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Order>($"minimal/orders/{id}", cancellationToken);

    public Task<Order?> CreateMinimalOrderAsync(CreateOrderRequest request, CancellationToken cancellationToken) =>
        http.PostAsPackAsync<CreateOrderRequest, Order>("minimal/orders", request, cancellationToken);

    public Task<Organization?> GetMinimalOrganizationAsync(int members, CancellationToken cancellationToken) =>
        http.GetFromPackAsync<Organization>($"minimal/organizations/{members}", cancellationToken);
}
