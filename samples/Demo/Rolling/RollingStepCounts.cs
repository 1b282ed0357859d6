namespace Pack.Samples.Demo.Rolling;

/// <summary>The calls of one deployment step, by how they ended.</summary>
internal sealed class RollingStepCounts
{
    public int Calls { get; private set; }

    public int Ok { get; private set; }

    /// <summary>Refused by the client (a Pack response it must not read) or by the server (a Pack request body, 409).</summary>
    public int Refused => RefusedByClient + RefusedByServer;

    public int RefusedByClient { get; private set; }

    public int RefusedByServer { get; private set; }

    public int Misread { get; private set; }

    public int Failed { get; private set; }

    public void Add(RollingOutcome outcome, bool refusedByServer)
    {
        Calls++;
        switch (outcome.Result)
        {
            case RollingResult.Ok:
                Ok++;
                break;
            case RollingResult.Refused when refusedByServer:
                RefusedByServer++;
                break;
            case RollingResult.Refused:
                RefusedByClient++;
                break;
            case RollingResult.Misread:
                Misread++;
                break;
            default:
                Failed++;
                break;
        }
    }
}
