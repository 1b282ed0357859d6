namespace Pack.Generator.Tests.Models;

/// <summary>A generic type whose type parameter no member uses: it only tags the type, and names it in the schema (docs/schema.md §1.2).</summary>
public sealed class Tagged<TTag>
{
    public int Id { get; set; }

    public string? Note { get; set; }
}

/// <summary>A class only ever used as a type argument no member uses.</summary>
public sealed class TagOnly
{
    public byte Value { get; set; }
}
