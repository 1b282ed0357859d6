using System.Runtime.CompilerServices;

namespace Pack.Client.Tests.Infrastructure;

/// <summary>The behaviour every test server shares, so the same assertions hold whichever server answers.</summary>
public static class ItemCatalog
{
    public const int MissingId = 404;

    public static Item Get(int id, string? suffix) => new()
    {
        Id = id,
        Name = $"item-{id}{suffix}",
        Price = id * 1.5,
        Tags = ["a", "b"],
    };

    public static List<Item> Search(string? name, int take) =>
        [.. Enumerable.Range(1, take).Select(i => new Item { Id = i, Name = $"{name}-{i}", Price = i, Tags = [name ?? ""] })];

    public static Item Create(Item item) => new() { Id = 42, Name = item.Name, Price = item.Price, Tags = item.Tags };

    public static Item Replace(int id, Item item) => new() { Id = id, Name = item.Name, Price = item.Price, Tags = item.Tags };

    public static Item Patch(int id, ItemPatch patch) => new() { Id = id, Name = patch.Name, Tags = ["a", .. patch.AddTags] };

    public static Item Delete(int id, string? reason) => new() { Id = id, Name = $"deleted:{reason}" };

    public static async IAsyncEnumerable<Item> Stream(int count)
    {
        for (int i = 1; i <= count; i++)
        {
            await Task.Yield();
            yield return new Item { Id = i, Name = $"streamed-{i}" };
        }
    }

    public static async IAsyncEnumerable<Item> StreamThenFail()
    {
        await foreach (Item item in Stream(2))
        {
            yield return item;
        }

        throw new InvalidOperationException("The producer failed after two items.");
    }

    /// <summary>Yields one item, then waits until the client goes away, and tells the probe.</summary>
    public static async IAsyncEnumerable<Item> StreamUntilAborted(ServerProbe probe, [EnumeratorCancellation] CancellationToken requestAborted)
    {
        requestAborted.Register(() => probe.RequestAborted.TrySetResult());
        yield return new Item { Id = 1, Name = "first" };
        probe.StreamStarted.TrySetResult();
        await Task.Delay(ServerProbe.Timeout * 2, requestAborted);
        yield return new Item { Id = 2, Name = "never" };
    }
}
