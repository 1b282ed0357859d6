// Context "controller": members of an MVC controller, compile only, with the sample types `Member` and `repository`.
public sealed class MembersController : global::Microsoft.AspNetCore.Mvc.ControllerBase
{
    private readonly MemberRepository repository = new();

// <snippet>
}

public sealed record Member(int Id, string Name);

public sealed class MemberRepository
{
    public async IAsyncEnumerable<Member> StreamAsync([global::System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await Task.Yield();
        cancellationToken.ThrowIfCancellationRequested();
        yield return new Member(1, "Ada");
    }
}
