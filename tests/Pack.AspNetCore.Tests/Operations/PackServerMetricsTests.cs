using System.Diagnostics.Metrics;
using System.Net;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Pack.AspNetCore.Tests.TestApp;
using Pack.Streaming;

namespace Pack.AspNetCore.Tests.Operations;

public sealed class PackServerMetricsTests
{
    [Theory]
    [InlineData(PackMediaTypes.Pack, "pack")]
    [InlineData("application/json", "json")]
    public async Task Get_Organization_RecordsResponseBytesOfItsFormat(string accept, string format)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7", accept));
        var bytes = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var size = Assert.Single(await recorder.WaitAsync(PackServerMeter.BodySize, 1, ("pack.format", format), ("pack.direction", "response")));
        Assert.Equal(bytes.Length, size.Value);
        Assert.Equal("By", size.Unit);
        Assert.Equal("api/organizations/{id:int}", size.Tags["http.route"]);
    }

    /// <summary>Pack's byte counter passes the body through: a small HTTP/1.1 Pack response keeps its Content-Length while counted.</summary>
    [Theory]
    [InlineData("/api/organizations/7")]
    [InlineData("/minimal/organizations/7")]
    public async Task Get_SmallPackBodyWhileCounted_KeepsItsContentLength(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get(path));
        var bytes = await response.Content.ReadAsByteArrayAsync();

        Assert.Equal(PackSerializer.Serialize(SampleData.Organization(7)), bytes);
        Assert.Equal(bytes.Length, response.Content.Headers.ContentLength);
        Assert.Null(response.Headers.TransferEncodingChunked);
        var size = Assert.Single(await recorder.WaitAsync(PackServerMeter.BodySize, 1, ("pack.format", "pack"), ("pack.direction", "response")));
        Assert.Equal(bytes.Length, size.Value);
    }

    [Fact]
    public async Task Get_PackOrganization_RecordsSerializeDurationInSeconds()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7"));

        var duration = Assert.Single(await recorder.WaitAsync(PackServerMeter.SerializeDuration, 1, ("pack.format", "pack")));
        Assert.Equal("s", duration.Unit);
        Assert.InRange(duration.Value, 0, 10);
        Assert.Empty(recorder.Get(PackServerMeter.DeserializeDuration));
    }

    [Fact]
    public async Task Post_PackBody_RecordsRequestBytesAndDeserializeDuration()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();
        var payload = PackSerializer.Serialize(SampleData.Organization(3, members: 20));

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes(payload)));

        Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        var size = Assert.Single(await recorder.WaitAsync(PackServerMeter.BodySize, 1, ("pack.format", "pack"), ("pack.direction", "request")));
        Assert.Equal(payload.Length, size.Value);
        var duration = Assert.Single(recorder.Get(PackServerMeter.DeserializeDuration, ("pack.outcome", "success")));
        Assert.Equal("api/organizations", duration.Tags["http.route"]);
    }

    [Theory]
    [InlineData("/api/organizations")]
    [InlineData("/minimal/organizations")]
    public async Task Post_MalformedPackBody_CountsOneMalformedRejection(string path)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();
        var payload = PackSerializer.Serialize(SampleData.Organization(3));

        using var response = await client.SendAsync(PackHttp.Post(path, PackHttp.Bytes(payload[..^3])));

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        var rejected = Assert.Single(await recorder.WaitAsync(PackServerMeter.RejectedRequests, 1));
        Assert.Equal(1, rejected.Value);
        Assert.Equal("malformed_body", rejected.Tags["error.type"]);
        Assert.Equal(400, rejected.Tags["http.response.status_code"]);
        Assert.Single(recorder.Get(PackServerMeter.DeserializeDuration, ("pack.outcome", "malformed")));
    }

    [Theory]
    [InlineData("text/plain", 415, "unsupported_media_type")]
    public async Task Post_UnsupportedContentType_CountsRejectionByStatus(string contentType, int status, string errorType)
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Bytes([1, 2, 3], contentType)));

        Assert.Equal(status, (int)response.StatusCode);
        var rejected = Assert.Single(await recorder.WaitAsync(PackServerMeter.RejectedRequests, 1));
        Assert.Equal(errorType, rejected.Tags["error.type"]);
        Assert.Equal(status, rejected.Tags["http.response.status_code"]);
    }

    [Fact]
    public async Task Post_BodyOverPackLimit_Counts413Rejection()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1, pack => pack.MaxRequestBodySize = 16);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Post("/api/organizations", PackHttp.Content(SampleData.Organization(3))));

        Assert.Equal(HttpStatusCode.RequestEntityTooLarge, response.StatusCode);
        var rejected = Assert.Single(await recorder.WaitAsync(PackServerMeter.RejectedRequests, 1));
        Assert.Equal("body_too_large", rejected.Tags["error.type"]);
        Assert.Equal("pack", rejected.Tags["pack.format"]);
    }

    [Fact]
    public async Task Get_MinimalStream_CountsEveryItem()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http2);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/minimal/members?count=25", PackMediaTypes.PackStream));
        var bytes = await response.Content.ReadAsByteArrayAsync();
        var items = 0;
        await foreach (var member in PackStream.ReadAsync<Member>(new MemoryStream(bytes)))
        {
            items++;
        }

        Assert.Equal(25, items);
        var counted = await recorder.WaitAsync(PackServerMeter.StreamItems, 25);
        Assert.Equal(25, counted.Sum(m => m.Value));
        Assert.Equal(25, recorder.Get(PackServerMeter.SerializeDuration, ("pack.format", "pack-stream")).Count);
        var size = Assert.Single(await recorder.WaitAsync(PackServerMeter.BodySize, 1, ("pack.format", "pack-stream")));
        Assert.Equal(bytes.Length, size.Value);
    }

    [Fact]
    public async Task Get_FailingStream_CountsOneInBandError()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/members/failing", PackMediaTypes.PackStream));
        await response.Content.ReadAsByteArrayAsync();

        var error = Assert.Single(await recorder.WaitAsync(PackServerMeter.StreamErrors, 1));
        Assert.Equal("exception", error.Tags["error.type"]);
        Assert.Equal(2, (await recorder.WaitAsync(PackServerMeter.StreamItems, 2)).Sum(m => m.Value));
    }

    [Fact]
    public async Task Get_NobodyListening_RecordsNothingAndAnswersNormally()
    {
        await using var host = await KestrelTestHost.StartAsync(HttpProtocols.Http1);
        using var client = host.CreateClient();

        using var response = await client.SendAsync(PackHttp.Get("/api/organizations/7"));

        PackHttp.AssertSame(SampleData.Organization(7), await PackHttp.ReadPackAsync<Organization>(response));
        var metrics = host.Services.GetRequiredService<PackServerMetrics>();
        Assert.False(metrics.IsObserved);
    }

    [Fact]
    public async Task SlowAction_DeadlineExpires_CountsDeadlineExceeded()
    {
        await using var host = await DeadlineTestHost.StartAsync();
        using var recorder = new MeasurementRecorder(host.Services.GetRequiredService<IMeterFactory>(), PackServerMeter.Name);
        using var client = host.CreateClient();
        using var request = PackHttp.Get($"/api/deadlines/slow?probe={Guid.NewGuid():N}");
        request.Headers.Add(PackTimeoutHeader.Name, "200m");

        using var response = await client.SendAsync(request);

        Assert.Equal(HttpStatusCode.GatewayTimeout, response.StatusCode);
        var exceeded = Assert.Single(await recorder.WaitAsync(PackServerMeter.DeadlineExceeded, 1));
        Assert.Equal("api/deadlines/slow", exceeded.Tags["http.route"]);
    }
}
