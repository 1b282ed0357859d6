namespace Pack.Benchmarks.Http;

/// <summary>The routes of the HTTP workloads.</summary>
public static class HttpWorkloadPaths
{
    /// <summary>The controller's route prefix.</summary>
    public const string Prefix = "h";

    /// <summary>H1.</summary>
    public const string Small = "small";

    /// <summary>H2.</summary>
    public const string List100 = "list100";

    /// <summary>H3.</summary>
    public const string Organization10k = "organization10k";

    /// <summary>H4.</summary>
    public const string Echo = "echo";

    /// <summary>H5.</summary>
    public const string Stream100k = "stream100k";

    /// <summary>The Kestrel ceiling: an empty 200 straight from a request delegate, no MVC and no body.</summary>
    public const string Ceiling = "/ceiling";

    /// <summary>The request path of an action.</summary>
    public static string Of(string action) => "/" + Prefix + "/" + action;
}
