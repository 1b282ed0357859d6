using System.Diagnostics.CodeAnalysis;

namespace Pack;

/// <summary>
/// Thrown when Pack bytes are malformed (truncated, out of range, nested too deeply, invalid UTF-8 and so on),
/// or when a value cannot be written (a reference cycle, a string with a lone surrogate).
/// </summary>
public class PackException : Exception
{
    /// <summary>Creates an exception with a message and no offset.</summary>
    public PackException(string message)
        : base(message)
    {
        Offset = -1;
    }

    /// <summary>Creates an exception with a message and an inner exception.</summary>
    public PackException(string message, Exception? innerException)
        : base(message, innerException)
    {
        Offset = -1;
    }

    /// <summary>Creates an exception for a problem at a byte offset of the payload.</summary>
    /// <param name="message">What was wrong. The offset is appended.</param>
    /// <param name="offset">The byte offset, from the start of the payload, where the problem was found.</param>
    public PackException(string message, long offset)
        : base(offset >= 0 ? $"{message} (at byte offset {offset})" : message)
    {
        Offset = offset;
    }

    /// <summary>Creates an exception for a problem at a byte offset, caused by another exception.</summary>
    /// <param name="message">What was wrong. The offset is appended.</param>
    /// <param name="offset">The byte offset where the problem was found.</param>
    /// <param name="innerException">The cause.</param>
    public PackException(string message, long offset, Exception? innerException)
        : base(offset >= 0 ? $"{message} (at byte offset {offset})" : message, innerException)
    {
        Offset = offset;
    }

    /// <summary>Creates an exception without a message.</summary>
    public PackException()
        : this("The Pack payload is invalid.")
    {
    }

    /// <summary>The byte offset in the payload where the problem was found, or -1 when it is not about a position (write errors).</summary>
    public long Offset { get; }
}
