// Context "aspnetcore": a web app's Program.cs, compile only. `builder` and `app` are in scope (both exist at once
// here only so a snippet may show service registration and endpoint mapping together), with the sample types
// `Organization`, `Member`, `repository` and `StreamMembers()`.
var builder = global::Microsoft.AspNetCore.Builder.WebApplication.CreateBuilder(args);
var app = builder.Build();
// <snippet>

public sealed class Organization
{
    public int Id { get; set; }

    public string Name { get; set; } = "";

    public List<Member> Members { get; set; } = [];
}

public sealed record Member(int Id, string Name);

public sealed class OrganizationRepository
{
    public Organization? Find(int id) => id == 1 ? new Organization { Id = 1, Name = "Contoso" } : null;
}

partial class Program
{
    internal static readonly OrganizationRepository repository = new();

    internal static async IAsyncEnumerable<Member> StreamMembers()
    {
        await Task.Yield();
        yield return new Member(1, "Ada");
    }
}
