using System.Net.Http.Headers;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Pack.Streaming;

namespace Pack.Client.Tests.Infrastructure;

/// <summary>
/// A hand-written Pack server: minimal APIs that negotiate on Accept and read/write Pack with PackSerializer and
/// PackStream directly. It tests the client in isolation from Pack.AspNetCore. Every handler writes the response itself.
/// </summary>
public static class PackMinimalApi
{
    public static void Map(IEndpointRouteBuilder app)
    {
        app.MapGet("/items/{id:int}", (HttpContext http, int id, string? suffix) =>
            id == ItemCatalog.MissingId ? Results.NotFound().ExecuteAsync(http) : WriteAsync(http, ItemCatalog.Get(id, suffix)));

        app.MapGet("/items", (HttpContext http, string? name, int take) => WriteAsync(http, ItemCatalog.Search(name, take)));

        app.MapPost("/items", async (HttpContext http) =>
        {
            if (await ReadAsync<Item>(http) is not { } item)
            {
                await Results.StatusCode(StatusCodes.Status415UnsupportedMediaType).ExecuteAsync(http);
            }
            else if (string.IsNullOrEmpty(item.Name))
            {
                await Results.ValidationProblem(new Dictionary<string, string[]> { ["Name"] = ["The Name field is required."] }).ExecuteAsync(http);
            }
            else
            {
                await WriteAsync(http, ItemCatalog.Create(item), StatusCodes.Status201Created);
            }
        });

        app.MapPut("/items/{id:int}", async (HttpContext http, int id) =>
        {
            Item item = await ReadAsync<Item>(http) ?? throw new BadHttpRequestException("Unsupported body", 415);
            await WriteAsync(http, ItemCatalog.Replace(id, item));
        });

        app.MapPatch("/items/{id:int}", async (HttpContext http, int id) =>
        {
            ItemPatch patch = await ReadAsync<ItemPatch>(http) ?? throw new BadHttpRequestException("Unsupported body", 415);
            await WriteAsync(http, ItemCatalog.Patch(id, patch));
        });

        app.MapDelete("/items/{id:int}", (HttpContext http, int id, string? reason) => WriteAsync(http, ItemCatalog.Delete(id, reason)));

        app.MapDelete("/items/{id:int}/silent", (HttpContext http, int id) => Results.NoContent().ExecuteAsync(http));

        app.MapGet("/items/stream", (HttpContext http, int count) => StreamAsync(http, ItemCatalog.Stream(count)));

        app.MapGet("/items/stream-error", (HttpContext http) =>
        {
            var error = new PackStreamError { Status = 500, Title = "Producer failed", Detail = "after two items", TraceId = http.TraceIdentifier };
            return StreamAsync(http, ItemCatalog.Stream(2), error);
        });

        app.MapGet("/items/stream-until-aborted", (HttpContext http, ServerProbe probe) =>
            StreamAsync(http, ItemCatalog.StreamUntilAborted(probe, http.RequestAborted)));

        app.MapGet("/fail", (HttpContext http) => Results.Problem(title: "Boom", detail: "It broke.", statusCode: 500).ExecuteAsync(http));

        app.MapGet("/fail-text", (HttpContext http) => Results.Text("Down for maintenance", "text/plain", statusCode: 503).ExecuteAsync(http));

        app.MapGet("/echo-accept", (HttpContext http) =>
            WriteAsync(http, new Item { Name = http.Request.Headers.Accept.ToString() }));
    }

    private static bool WantsPack(HttpContext http) =>
        http.Request.Headers.Accept.ToString().Contains(PackMediaTypes.Pack, StringComparison.OrdinalIgnoreCase);

    private static async Task WriteAsync<T>(HttpContext http, T value, int status = StatusCodes.Status200OK)
    {
        http.Response.StatusCode = status;
        if (!WantsPack(http))
        {
            await http.Response.WriteAsJsonAsync(value, http.RequestAborted);
            return;
        }

        http.Response.ContentType = PackMediaTypes.Pack;
        await PackSerializer.SerializeAsync(http.Response.Body, value, cancellationToken: http.RequestAborted);
    }

    private static async Task<T?> ReadAsync<T>(HttpContext http)
        where T : class
    {
        string? mediaType = MediaTypeHeaderValue.TryParse(http.Request.ContentType, out MediaTypeHeaderValue? parsed) ? parsed.MediaType : null;
        return mediaType switch
        {
            PackMediaTypes.Pack => await PackSerializer.DeserializeAsync<T>(http.Request.Body, cancellationToken: http.RequestAborted),
            "application/json" => await http.Request.ReadFromJsonAsync<T>(http.RequestAborted),
            _ => null,
        };
    }

    private static async Task StreamAsync(HttpContext http, IAsyncEnumerable<Item> items, PackStreamError? error = null)
    {
        if (!WantsPack(http))
        {
            await http.Response.WriteAsJsonAsync(items, http.RequestAborted);
            return;
        }

        http.Response.ContentType = PackMediaTypes.PackStream;
        var body = http.Response.BodyWriter;
        await foreach (Item item in items.WithCancellation(http.RequestAborted))
        {
            PackStream.WriteItem(body, item);
            await body.FlushAsync(http.RequestAborted);
        }

        if (error is null)
        {
            PackStream.WriteEnd(body);
        }
        else
        {
            PackStream.WriteError(body, error);
        }

        await body.FlushAsync(http.RequestAborted);
    }
}
