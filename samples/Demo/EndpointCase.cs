namespace Pack.Samples.Demo;

/// <summary>
/// One row of the demo table. <see cref="Prepare"/> does any untimed setup (such as creating the order that a DELETE
/// removes) and returns the timed call, whose result is compared between JSON and Pack.
/// </summary>
public sealed record EndpointCase(string Name, Func<SampleApiClient, CancellationToken, Task<Func<Task<object?>>>> Prepare)
{
    public static EndpointCase Simple(string name, Func<SampleApiClient, CancellationToken, Task<object?>> call) =>
        new(name, (client, cancellationToken) => Task.FromResult<Func<Task<object?>>>(() => call(client, cancellationToken)));
}
