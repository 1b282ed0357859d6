namespace Pack.Tool;

/// <summary>The tool's exit codes.</summary>
internal static class ExitCodes
{
    /// <summary>Compatible / decoded completely.</summary>
    public const int Success = 0;

    /// <summary>Violations found / the input is malformed.</summary>
    public const int Findings = 1;

    /// <summary>A usage error, or an input that could not be read.</summary>
    public const int Usage = 2;
}
