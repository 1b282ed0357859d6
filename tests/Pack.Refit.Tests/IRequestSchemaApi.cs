using Pack.Client.Tests.Schema;
using Refit;

namespace Pack.Refit.Tests;

/// <summary>
/// The endpoints of <see cref="RequestSchemaServer"/>, which read <see cref="SchemaServerOrder"/>, written with the
/// client's own contracts. Methods returning <see cref="HttpResponseMessage"/> let the test read the Pack string the
/// server answers (Refit would read a <c>Task&lt;string&gt;</c> as raw text); those returning <c>Task&lt;string&gt;</c>
/// raise Refit's <see cref="ApiException"/> for an error status.
/// </summary>
public interface IRequestSchemaApi
{
    [Post(RequestSchemaServer.Order)]
    Task<HttpResponseMessage> PostAsync([Body] SchemaClientOrderAppended order, CancellationToken cancellationToken = default);

    [Post(RequestSchemaServer.Order)]
    Task<string> PostRetypedAsync([Body] SchemaClientOrderRetyped order, CancellationToken cancellationToken = default);

    [Post(RequestSchemaServer.Orders)]
    Task<string> PostStreamAsync([Body] IAsyncEnumerable<SchemaClientOrderAppended> orders, CancellationToken cancellationToken = default);

    [Post(RequestSchemaServer.Orders)]
    Task<HttpResponseMessage> PostStreamResponseAsync([Body] IAsyncEnumerable<SchemaClientOrderAppended> orders, CancellationToken cancellationToken = default);

    [Post(RequestSchemaServer.Header)]
    Task<HttpResponseMessage> HeaderAsync([Body] SchemaClientOrderAppended order, CancellationToken cancellationToken = default);

    [Post(RequestSchemaServer.Header)]
    Task<HttpResponseMessage> StreamHeaderAsync([Body] IAsyncEnumerable<SchemaClientOrderAppended> orders, CancellationToken cancellationToken = default);

    /// <summary>A body Refit takes without <c>[Body]</c>: only the serializer's content names its type.</summary>
    [Post(RequestSchemaServer.Header)]
    Task<HttpResponseMessage> ImplicitBodyHeaderAsync(SchemaClientOrderAppended order, CancellationToken cancellationToken = default);
}
