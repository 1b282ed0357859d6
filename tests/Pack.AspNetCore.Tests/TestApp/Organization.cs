namespace Pack.AspNetCore.Tests.TestApp;

public sealed class Organization
{
    public int Id { get; set; }

    public string[]? Tags { get; set; }

    public List<Member>? Members { get; set; }
}
