#pragma warning disable CA1051, CA1815 // Test DTOs: public fields are the shape under test; equality is not.

namespace Pack.ContractTests.Types;

/// <summary>A struct with a bool, a char and init members set through a constructor: fixed width, padded.</summary>
public struct Mark
{
    public Mark(bool on, char letter)
    {
        On = on;
        Letter = letter;
    }

    public bool On { get; init; }

    public char Letter { get; init; }

    public short Weight;
}
