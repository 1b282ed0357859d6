namespace Pack.ContractTests.Types;

/// <summary>A record with constructor defaults and extra init members.</summary>
public sealed record Settings(int Port, string Host = "localhost", double Ratio = 0.5, char Mark = 'x', Level Level = Level.High)
{
    public string? Extra { get; init; }

    public int[]? Codes { get; init; }
}
