namespace Pack.ContractTests.Types;

/// <summary>A nested object of <see cref="Annotated"/>, with a non-nullable and a nullable string.</summary>
public sealed class AnnotatedChild
{
    public string Title { get; set; } = "";

    public string? Note { get; set; }
}
