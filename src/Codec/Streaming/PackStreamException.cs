namespace Pack.Streaming;

/// <summary>Thrown by a reader of a Pack stream when the producer sent an error frame instead of finishing.</summary>
public sealed class PackStreamException : Exception
{
    /// <summary>Creates the exception for an error frame.</summary>
    /// <param name="error">The error the producer sent.</param>
    public PackStreamException(PackStreamError error)
        : base(FormatMessage(error))
    {
        Error = error;
    }

    /// <summary>The error the producer sent.</summary>
    public PackStreamError Error { get; }

    private static string FormatMessage(PackStreamError error)
    {
        ArgumentNullException.ThrowIfNull(error);
        return error.Detail is null
            ? $"The stream failed on the server ({error.Status}): {error.Title ?? "unknown error"}."
            : $"The stream failed on the server ({error.Status}): {error.Title ?? "unknown error"}. {error.Detail}";
    }
}
