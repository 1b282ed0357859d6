// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using System.Collections.Generic;

namespace Pack.Formatters.Contracts;

/// <summary>
/// The contract of a class, struct or record as <see cref="ContractBuilder{TType, TMember, TConstructor}"/> decided it:
/// the one description both paths (and anything else that reads contracts, such as a schema) consume.
/// </summary>
internal sealed class ContractDescription<TType, TMember, TConstructor>
    where TType : class
    where TMember : class
    where TConstructor : class
{
    public ContractDescription(TType type, IReadOnlyList<MemberDescription<TType, TMember>> members, TConstructor? constructor, int parameterCount)
    {
        Type = type;
        Members = members;
        Constructor = constructor;
        ParameterCount = parameterCount;
    }

    public TType Type { get; }

    /// <summary>The serialized members, in wire order.</summary>
    public IReadOnlyList<MemberDescription<TType, TMember>> Members { get; }

    /// <summary>The constructor to call; <see langword="null"/> for a struct built from its default value.</summary>
    public TConstructor? Constructor { get; }

    /// <summary>The constructor's parameter count; each parameter is bound to the member whose <see cref="MemberDescription{TType, TMember}.ParameterIndex"/> it is.</summary>
    public int ParameterCount { get; }
}
