namespace Pack.Generator;

/// <summary>The names of the generator's pipeline steps, as <c>GeneratorRunResult.TrackedSteps</c> lists them.</summary>
public static class TrackingNames
{
    /// <summary>Each context parsed into its model and diagnostics.</summary>
    public const string Contexts = "PackContexts";

    /// <summary>The models the source is emitted from.</summary>
    public const string Models = "PackModels";

    /// <summary>The diagnostics of each context.</summary>
    public const string Diagnostics = "PackDiagnostics";

    /// <summary>Whether the project sets the <c>PackSchemaFile</c> build option.</summary>
    public const string SchemaFile = "PackSchemaFile";

    /// <summary>The schemas of every context, for the <c>PackSchemaFile</c> build option.</summary>
    public const string SchemaSet = "PackSchemaSet";
}
