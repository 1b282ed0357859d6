namespace Pack.Samples.Proxy;

/// <summary>
/// The step of the deployment under way, as the deployment script names it (<c>POST /admin/step/{name}</c>): the proxy
/// stamps it on every response it forwards (<see cref="HeaderName"/>), so a client can count what it saw per step, with
/// no clock to line up. The script changes it only while no replica that belongs to one step alone is in rotation.
/// </summary>
public sealed class DeploymentStep(string initial)
{
    /// <summary>The response header that names the step.</summary>
    public const string HeaderName = "X-Deployment-Step";

    /// <summary>The step at start when configuration names none (configuration key <c>Step</c>).</summary>
    public const string DefaultName = "start";

    private volatile string name = initial;

    /// <summary>The step under way.</summary>
    public string Name => name;

    /// <summary>Starts the step <paramref name="step"/>: letters, digits, '-' and '.', at most 40 characters.</summary>
    public IResult Set(string step)
    {
        if (step.Length is 0 or > 40 || !step.All(c => char.IsAsciiLetterOrDigit(c) || c is '-' or '.'))
        {
            return Results.Problem("A step name is 1 to 40 letters, digits, '-' or '.'.", statusCode: StatusCodes.Status400BadRequest);
        }

        string previous = name;
        name = step;
        return Results.Ok(new { step, previous });
    }
}
