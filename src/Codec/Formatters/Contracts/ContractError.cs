// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using System.Globalization;

namespace Pack.Formatters.Contracts;

/// <summary>
/// One rule a contract can break: the ID and the words that the run-time <see cref="System.NotSupportedException"/> and
/// the generator's diagnostic both use (the diagnostic reports <see cref="Format"/>; the exception's message is
/// <see cref="Message"/>, the same words after the ID).
/// </summary>
internal sealed class ContractError
{
    public ContractError(string id, string title, string format)
    {
        Id = id;
        Title = title;
        Format = format;
    }

    /// <summary>The diagnostic ID (<c>PACK011</c>), documented in docs/generator.md.</summary>
    public string Id { get; }

    /// <summary>The diagnostic's title.</summary>
    public string Title { get; }

    /// <summary>
    /// The message, with <c>{0}</c>… placeholders: the first is the type, or for the rules about a value's type
    /// (PACK003 to PACK005) where the value was met (<see cref="ContractErrors.AnyValue"/> at run time).
    /// </summary>
    public string Format { get; }

    /// <summary>The run-time message: the ID, then the diagnostic's words.</summary>
    public string Message(params object[] arguments) => Id + ": " + string.Format(CultureInfo.InvariantCulture, Format, arguments) + ".";
}
