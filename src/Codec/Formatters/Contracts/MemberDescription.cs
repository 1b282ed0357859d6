// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
namespace Pack.Formatters.Contracts;

/// <summary>One serialized member of a <see cref="ContractDescription{TType, TMember, TConstructor}"/>.</summary>
internal sealed class MemberDescription<TType, TMember>
    where TType : class
    where TMember : class
{
    public MemberDescription(TMember member, string name, TType type, TType declaringType, bool canAssign)
    {
        Member = member;
        Name = name;
        Type = type;
        DeclaringType = declaringType;
        CanAssign = canAssign;
    }

    /// <summary>The property or field.</summary>
    public TMember Member { get; }

    public string Name { get; }

    /// <summary>The member's type.</summary>
    public TType Type { get; }

    /// <summary>The type (the contract's own or a base type) that declares the member.</summary>
    public TType DeclaringType { get; }

    /// <summary>Whether the value can be stored after construction.</summary>
    public bool CanAssign { get; }

    /// <summary>The constructor parameter bound to this member, or -1 when it is assigned after construction.</summary>
    public int ParameterIndex { get; internal set; } = -1;

    /// <summary>Its <c>[PackOrder]</c>, or <see cref="Objects.ContractRules.Unordered"/>.</summary>
    public int Order { get; internal set; } = Objects.ContractRules.Unordered;
}
