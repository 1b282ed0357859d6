using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Pack.Formatters.Contracts;

namespace Pack.Formatters.Objects;

/// <summary>
/// How Pack sees a class, struct or record: which members are written and in what order, and which constructor reads
/// them back. Built once per type by reflection; the generated code never reflects.
/// </summary>
/// <remarks>The rules are <see cref="ContractBuilder{TType, TMember, TConstructor}"/>'s, shared with the source generator.</remarks>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class ObjectContract
{
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<Type, ObjectContract> Contracts = new();

    private ObjectContract(Type type, ObjectMember[] members, ConstructorInfo? constructor)
    {
        Type = type;
        Members = members;
        Constructor = constructor;
    }

    public Type Type { get; }

    public ObjectMember[] Members { get; }

    /// <summary>The constructor to call; <see langword="null"/> for a struct built with its default value.</summary>
    public ConstructorInfo? Constructor { get; }

    /// <summary>The contract of <paramref name="type"/>, built once: the factory, the formatter and the layout analysis all ask for it.</summary>
    /// <exception cref="NotSupportedException">The type's shape is not supported; the message says why.</exception>
    public static ObjectContract For(Type type) => Contracts.GetOrAdd(type, Create);

    private static ObjectContract Create(Type type)
    {
        if (type.IsAbstract || type.IsInterface)
        {
            throw new NotSupportedException(ContractErrors.UnsupportedType.Message(ContractErrors.AnyValue, type.ToString(), ContractErrors.AbstractReason));
        }

        // The decisions are ContractBuilder's, shared with the generator; this type only keeps them for the IL emitter.
        var description = ContractBuilder<Type, MemberInfo, ConstructorInfo>.Build(ReflectionContractAdapter.Instance, type);
        var members = new ObjectMember[description.Members.Count];
        for (int i = 0; i < members.Length; i++)
        {
            var member = description.Members[i];
            members[i] = new ObjectMember(member.Member, member.Type) { ParameterIndex = member.ParameterIndex };
        }

        return new ObjectContract(type, members, description.Constructor);
    }
}
