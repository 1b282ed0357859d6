namespace Pack.Client.Tests.Budget;

/// <summary>A class whose property initializer allocates about 4 KB: an empty body on the wire (4-6 bytes) stands for it.</summary>
public sealed class AllocatingItem
{
    public List<int> Items { get; set; } = new(1000);
}
