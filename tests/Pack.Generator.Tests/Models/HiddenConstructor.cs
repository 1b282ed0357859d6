namespace Pack.Generator.Tests.Models;

public sealed class HiddenConstructor
{
    [PackConstructor]
    private HiddenConstructor(int id, string? text)
    {
        Id = id;
        Text = text;
    }

    public int Id { get; }

    public string? Text { get; }

    public static HiddenConstructor Create(int id, string? text) => new(id, text);
}
