namespace Pack.ContractTests.Types;

public sealed class TextPayload : IPayload
{
    public string? Text { get; set; }

    public List<string>? Lines { get; set; }
}
