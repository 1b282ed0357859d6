using Pack.Schema;

namespace Pack.Client.Tests.Schema;

/// <summary>The verified path of the check (docs/schema.md §5.1, steps 3 and 4) allocates nothing and makes no request.</summary>
public sealed class ResponseSchemaCheckAllocationTests
{
    [Fact]
    public void EnsureReadableAsync_EqualOrJudgedFingerprint_CompletesAtOnceWithoutAllocating()
    {
        var reader = typeof(ClientOrder<AllocationScope>);
        string appended = PackSchema.For(typeof(ServerOrderAppended)).WireFingerprint;
        ReaderContract.Get(reader).AddVerdict(appended, []);
        using var schemaClient = new HttpMessageInvoker(new RefusingHandler());
        using var equal = Response(PackSchema.For(reader).WireFingerprint);
        using var judged = Response(appended);
        var options = new PackClientOptions();
        Check(reader, equal, schemaClient, options);
        Check(reader, judged, schemaClient, options);

        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 1000; i++)
        {
            Check(reader, equal, schemaClient, options);
            Check(reader, judged, schemaClient, options);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    private static void Check(Type reader, HttpResponseMessage response, HttpMessageInvoker schemaClient, PackClientOptions options)
    {
        var check = ResponseSchemaCheck.EnsureReadableAsync(reader, response, schemaClient, options, CancellationToken.None);
        Assert.True(check.IsCompletedSuccessfully);
    }

    private static HttpResponseMessage Response(string fingerprint)
    {
        var response = new HttpResponseMessage { RequestMessage = new HttpRequestMessage(HttpMethod.Get, "http://127.0.0.1:1/orders") };
        response.Headers.TryAddWithoutValidation(PackSchema.HeaderName, fingerprint);
        return response;
    }

    private sealed class RefusingHandler : HttpMessageHandler
    {
        protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken) =>
            throw new InvalidOperationException("The verified path must not ask for the schema.");
    }

    public sealed class AllocationScope;
}
