#pragma warning disable CA1815 // A test DTO: equality is not under test.

namespace Pack.Generator.Tests.Models;

public readonly struct ReadOnlyPoint
{
    public ReadOnlyPoint(int x, long y, string? label)
    {
        X = x;
        Y = y;
        Label = label;
    }

    public int X { get; }

    public long Y { get; }

    public string? Label { get; }
}
