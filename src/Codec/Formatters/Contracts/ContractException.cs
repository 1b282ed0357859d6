// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using System;

namespace Pack.Formatters.Contracts;

/// <summary>
/// A broken contract rule, raised by <see cref="ContractBuilder{TType, TMember, TConstructor}"/> and <see cref="UnionRules"/>:
/// the run-time path turns it into a <see cref="NotSupportedException"/> with <see cref="ContractError.Message"/>, the
/// generator into the rule's diagnostic with the same arguments.
/// </summary>
internal sealed class ContractException : NotSupportedException
{
    public ContractException(ContractError error, params string[] arguments)
        : base(error.Message(arguments))
    {
        Error = error;
        Arguments = arguments;
    }

    public ContractError Error { get; }

    /// <summary>The message's arguments, the type first.</summary>
    public string[] Arguments { get; }
}
