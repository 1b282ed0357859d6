// Shared, as source, by the run-time path (src/Codec, ObjectContract) and the source generator (src/Generator,
// ContextParser): the one rulebook of an object contract. It holds no reflection and no Roslyn; an adapter answers
// questions about a type and this class makes every decision, so the two paths cannot drift.
using System.Collections.Generic;
using Pack.Formatters.Objects;

namespace Pack.Formatters.Contracts;

/// <summary>
/// Decides the contract of a class, struct or record: which members are written and in what order, which constructor
/// reads them back and which parameter binds to which member.
/// </summary>
/// <remarks>
/// Members: instance properties with a public getter and a setter (any accessibility, init included) or a matching
/// constructor parameter, and public instance fields. Base types first; within a type, properties then fields, each in
/// declaration order, unless <c>[PackOrder]</c> fixes the order (all members or none); an override or <c>new</c>
/// property replaces the base one in place. Ignored: <c>[PackIgnore]</c>, <c>[JsonIgnore]</c> (Condition = Always or
/// absent) and <c>[IgnoreDataMember]</c>. A <c>[DataContract]</c> type contributes only its <c>[DataMember]</c> members,
/// whatever their accessibility. Constructor: <c>[PackConstructor]</c>/<c>[JsonConstructor]</c>; else a struct whose
/// members are all assignable uses its default value; else the public parameterless constructor when every member is
/// assignable or it is the only public one; else the public constructor (not a copy constructor) binding the most
/// parameters, each to a member of the same name (ignoring case) and run-time type; else the parameterless one.
/// </remarks>
internal static class ContractBuilder<TType, TMember, TConstructor>
    where TType : class
    where TMember : class
    where TConstructor : class
{
    /// <summary>
    /// Why a type that is not a built-in primitive, enum, array, <c>Nullable</c>, collection of <see cref="Collections.CollectionTable"/>
    /// or union is not written member by member (the third argument of <see cref="ContractErrors.UnsupportedType"/>),
    /// or <see langword="null"/> when it is a class, struct or record.
    /// </summary>
    public static string? WhyNotObject(ContractAdapter<TType, TMember, TConstructor> adapter, TType type)
    {
        if (adapter.IsOpen(type))
        {
            return ContractErrors.OpenTypeReason;
        }

        if (adapter.IsPointerOrRefLike(type))
        {
            return ContractErrors.PointerReason;
        }

        if (adapter.IsDelegate(type))
        {
            return ContractErrors.DelegateReason;
        }

        if (adapter.Display(type) is "System.IntPtr" or "System.UIntPtr")
        {
            return ContractErrors.NativeIntegerReason;
        }

        if (adapter.IsEnumerable(type))
        {
            return Collections.CollectionTable.SupportedCollections;
        }

        return adapter.IsAbstract(type) ? ContractErrors.AbstractReason : null;
    }

    /// <summary>Builds the contract of <paramref name="type"/>.</summary>
    /// <exception cref="ContractException">A rule is broken; the exception names it.</exception>
    public static ContractDescription<TType, TMember, TConstructor> Build(ContractAdapter<TType, TMember, TConstructor> adapter, TType type)
    {
        var candidates = DiscoverMembers(adapter, type);
        var constructor = ChooseConstructor(adapter, type, candidates);
        int parameterCount = 0;
        if (constructor is not null)
        {
            var names = adapter.ParameterNames(constructor);
            var types = adapter.ParameterTypes(constructor);
            parameterCount = names.Count;
            for (int i = 0; i < names.Count; i++)
            {
                var member = FindMember(candidates, names[i]);
                if (member is null || !adapter.SameType(types[i], member.Type))
                {
                    throw new ContractException(ContractErrors.UnboundParameter, adapter.Display(type), names[i]);
                }

                member.ParameterIndex = i;
            }
        }

        var members = new List<MemberDescription<TType, TMember>>(candidates.Count);
        foreach (var member in candidates)
        {
            if (member.ParameterIndex >= 0 || member.CanAssign)
            {
                members.Add(member);
            }
        }

        // [PackOrder] is judged on the members alone (wire-format §6.3): a computed or other get-only property that no
        // parameter binds is not a member, so it needs no order and its order (if any) takes no place.
        members = InWireOrder(adapter, type, members);

        if (members.Count > ContractRules.MaxMembers)
        {
            throw new ContractException(ContractErrors.TooManyMembers, adapter.Display(type), members.Count.ToString(System.Globalization.CultureInfo.InvariantCulture));
        }

        return new ContractDescription<TType, TMember, TConstructor>(type, members, constructor, parameterCount);
    }

    private static List<MemberDescription<TType, TMember>> DiscoverMembers(ContractAdapter<TType, TMember, TConstructor> adapter, TType type)
    {
        bool dataContract = adapter.HasAttribute(type, ContractRules.DataContractAttribute);
        var hierarchy = adapter.SelfAndBases(type);
        var members = new List<MemberDescription<TType, TMember>>();
        for (int level = hierarchy.Count - 1; level >= 0; level--)
        {
            var declaring = hierarchy[level];
            foreach (var property in adapter.DeclaredProperties(declaring))
            {
                if (!Include(adapter, property, dataContract))
                {
                    continue;
                }

                var member = Describe(adapter, property, declaring);
                member.Order = adapter.PackOrder(property) ?? ContractRules.Unordered;
                int existing = members.FindIndex(m => m.Name == member.Name);
                if (existing >= 0)
                {
                    members[existing] = member;
                }
                else
                {
                    members.Add(member);
                }
            }

            foreach (var field in adapter.DeclaredFields(declaring))
            {
                if (Include(adapter, field, dataContract))
                {
                    var member = Describe(adapter, field, declaring);
                    member.Order = adapter.PackOrder(field) ?? ContractRules.Unordered;
                    members.Add(member);
                }
            }
        }

        return members;
    }

    private static List<MemberDescription<TType, TMember>> InWireOrder(ContractAdapter<TType, TMember, TConstructor> adapter, TType type, List<MemberDescription<TType, TMember>> members)
    {
        var orders = new int[members.Count];
        for (int i = 0; i < orders.Length; i++)
        {
            orders[i] = members[i].Order;
        }

        var wireOrder = ContractRules.WireOrder(orders, out int duplicate, out bool mixed);
        if (mixed)
        {
            throw new ContractException(ContractErrors.MixedOrder, adapter.Display(type));
        }

        if (wireOrder is null)
        {
            if (duplicate != ContractRules.Unordered)
            {
                throw new ContractException(ContractErrors.DuplicateOrder, adapter.Display(type), duplicate.ToString(System.Globalization.CultureInfo.InvariantCulture));
            }

            return members;
        }

        var ordered = new List<MemberDescription<TType, TMember>>(wireOrder.Length);
        foreach (int index in wireOrder)
        {
            ordered.Add(members[index]);
        }

        return ordered;
    }

    private static MemberDescription<TType, TMember> Describe(ContractAdapter<TType, TMember, TConstructor> adapter, TMember member, TType declaring)
        => new(member, adapter.NameOf(member), adapter.TypeOf(member), declaring, adapter.CanAssign(member));

    private static bool Include(ContractAdapter<TType, TMember, TConstructor> adapter, TMember member, bool dataContract)
    {
        if (adapter.HasAttribute(member, ContractRules.PackIgnoreAttribute) || adapter.HasAttribute(member, ContractRules.IgnoreDataMemberAttribute)
            || adapter.JsonIgnoreCondition(member) == ContractRules.JsonIgnoreAlways)
        {
            return false;
        }

        return dataContract ? adapter.HasAttribute(member, ContractRules.DataMemberAttribute) : adapter.IsPublic(member);
    }

    private static MemberDescription<TType, TMember>? FindMember(List<MemberDescription<TType, TMember>> members, string? name)
    {
        foreach (var member in members)
        {
            if (ContractRules.BindsTo(member.Name, name))
            {
                return member;
            }
        }

        return null;
    }

    private static TConstructor? ChooseConstructor(ContractAdapter<TType, TMember, TConstructor> adapter, TType type, List<MemberDescription<TType, TMember>> members)
    {
        var constructors = adapter.Constructors(type);
        foreach (var constructor in constructors)
        {
            if (adapter.HasAttribute(constructor, ContractRules.PackConstructorAttribute) || adapter.HasAttribute(constructor, ContractRules.JsonConstructorAttribute))
            {
                return constructor;
            }
        }

        var publicConstructors = new List<TConstructor>();
        foreach (var constructor in constructors)
        {
            if (adapter.IsPublic(constructor))
            {
                publicConstructors.Add(constructor);
            }
        }

        bool allAssignable = members.TrueForAll(static m => m.CanAssign);
        bool isValueType = adapter.IsValueType(type);
        if (isValueType && allAssignable)
        {
            return null;
        }

        var parameterless = publicConstructors.Find(c => adapter.ParameterNames(c).Count == 0);
        if (parameterless is not null && (allAssignable || publicConstructors.Count == 1))
        {
            return parameterless;
        }

        // The constructor whose parameters all match members, preferring the one that binds the most.
        TConstructor? best = null;
        int bestCount = -1;
        foreach (var constructor in publicConstructors)
        {
            var names = adapter.ParameterNames(constructor);
            var types = adapter.ParameterTypes(constructor);
            bool matches = true;
            for (int i = 0; i < names.Count && matches; i++)
            {
                matches = FindMember(members, names[i]) is { } member && adapter.SameType(member.Type, types[i]);
            }

            bool copy = names.Count == 1 && adapter.SameType(types[0], type);
            if (matches && names.Count > bestCount && !copy)
            {
                best = constructor;
                bestCount = names.Count;
            }
        }

        if (best is not null)
        {
            return best;
        }

        if (parameterless is not null || isValueType)
        {
            return parameterless;
        }

        throw new ContractException(ContractErrors.NoConstructor, adapter.Display(type));
    }
}
