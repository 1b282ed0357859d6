using System.Runtime.CompilerServices;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;

namespace Pack.AspNetCore.Tests.Schema.Endpoints;

/// <summary>MVC actions for <see cref="MapPackSchemaEndpointsTests"/>: route and query parameters, a body, a stream.</summary>
[ApiController]
[Route("mvc/orders")]
public sealed class SchemaEndpointsController : ControllerBase
{
    [HttpGet("{id:int}")]
    [ProducesResponseType<SchemaMvcOrder>(StatusCodes.Status200OK, "application/json", "application/x-pack")]
    public SchemaMvcOrder Get(int id, [FromQuery(Name = "v")] string? view) => new() { Id = id + (view?.Length ?? 0) };

    [HttpPut("{id:int}")]
    [ProducesResponseType<SchemaMvcOrder>(StatusCodes.Status200OK, "application/json", "application/x-pack")]
    public SchemaMvcOrder Replace(int id, SchemaMvcLine line) => new() { Id = id + (line.Sku?.Length ?? 0) };

    [HttpGet("stream")]
    [ProducesResponseType<IAsyncEnumerable<SchemaMvcOrder>>(StatusCodes.Status200OK, "application/json", "application/x-pack-stream")]
    public async IAsyncEnumerable<SchemaMvcOrder> StreamAsync(int count = 3, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < count; i++)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return new SchemaMvcOrder { Id = i };
        }
    }

    // Not a Pack endpoint (its attributes name no Pack type): not listed.
    [HttpGet("json")]
    public SchemaMvcUntyped Json() => new() { Note = "n" };
}
