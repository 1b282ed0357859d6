namespace Pack.AspNetCore;

/// <summary>
/// Minimal-API results that answer in Pack or JSON depending on the request's <c>Accept</c>, with the same rules as MVC:
/// JSON unless the client names <c>application/x-pack</c>. Use them where you would use <c>TypedResults</c>.
/// </summary>
public static class PackResults
{
    /// <summary>
    /// A 200 OK whose body is <paramref name="value"/> in Pack or JSON, negotiated from <c>Accept</c>. An
    /// <see cref="IAsyncEnumerable{T}"/> value is streamed (<c>application/x-pack-stream</c> frames for Pack clients).
    /// </summary>
    /// <typeparam name="TValue">The type of the body; it is the contract that Pack clients decode.</typeparam>
    /// <param name="value">The body.</param>
    /// <returns>A result that also describes itself to OpenAPI as producing JSON and Pack.</returns>
    public static PackOk<TValue> Ok<TValue>(TValue? value) => new(value);

    /// <summary>A 201 Created with a <c>Location</c> header and <paramref name="value"/> in Pack or JSON, negotiated from <c>Accept</c>.</summary>
    /// <typeparam name="TValue">The type of the body.</typeparam>
    /// <param name="uri">The location of the created resource, or <see langword="null"/> to send no <c>Location</c>.</param>
    /// <param name="value">The body.</param>
    /// <returns>A result that also describes itself to OpenAPI as producing JSON and Pack.</returns>
    public static PackCreated<TValue> Created<TValue>(string? uri, TValue? value) => new(uri, value);

    /// <summary>
    /// A 200 OK that streams <paramref name="items"/>: <c>application/x-pack-stream</c> frames for Pack clients, a JSON
    /// array otherwise. The same as <see cref="Ok{TValue}"/> with an <see cref="IAsyncEnumerable{T}"/>, except that the item
    /// type is known at compile time, so it also works under Native AOT (where <see cref="Ok{TValue}"/> cannot find the
    /// writer of a stream's items).
    /// </summary>
    /// <typeparam name="T">The item type; it is the contract that Pack clients decode frame by frame.</typeparam>
    /// <param name="items">The items, enumerated as the response is written.</param>
    /// <returns>A result that also describes itself to OpenAPI as producing JSON and a Pack stream.</returns>
    public static PackOk<IAsyncEnumerable<T>> Stream<T>(IAsyncEnumerable<T> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        PackStreamResponseWriter.Register<T>();
        return new(items);
    }
}
