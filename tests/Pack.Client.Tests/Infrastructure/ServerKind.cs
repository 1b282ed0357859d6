namespace Pack.Client.Tests.Infrastructure;

public enum ServerKind
{
    /// <summary>Minimal APIs that write Pack with PackSerializer/PackStream directly: isolates the client from the formatter.</summary>
    PackMinimalApi,

    /// <summary>Controllers without AddPackFormatters: a server that is not upgraded yet.</summary>
    JsonControllers,

    /// <summary>Controllers with AddPackFormatters.</summary>
    PackControllers,
}
