namespace Pack.ContractTests.Types;

public sealed record Token(int Line, string Text, int Column = 1) : Located(Line, Column)
{
    public required Wide Flags { get; init; }
}
