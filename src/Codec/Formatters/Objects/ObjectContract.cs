using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.Serialization;

namespace Pack.Formatters.Objects;

/// <summary>
/// How Pack sees a class, struct or record: which members are written and in what order, and which constructor reads
/// them back. Built once per type by reflection; the generated code never reflects.
/// </summary>
/// <remarks>
/// Members: public instance properties with a public getter and a setter (any accessibility, init included) or a
/// matching constructor parameter, and public instance fields. Base types first; within a type, properties then
/// fields, each in declaration order, unless <see cref="PackOrderAttribute"/> fixes the order.
/// Ignored: <see cref="PackIgnoreAttribute"/>, <c>[JsonIgnore]</c> (Condition = Always) and <c>[IgnoreDataMember]</c>.
/// A <c>[DataContract]</c> type contributes only its <c>[DataMember]</c> members.
/// </remarks>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class ObjectContract
{
    private const BindingFlags DeclaredInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

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
            throw new NotSupportedException($"Pack cannot create the abstract type {type}. Declare its cases with [PackUnion(tag, typeof(Case))].");
        }

        var candidates = DiscoverMembers(type);
        var constructor = ChooseConstructor(type, candidates);
        var parameters = constructor?.GetParameters() ?? [];
        foreach (var parameter in parameters)
        {
            var member = FindMember(candidates, parameter.Name);
            if (member is null || parameter.ParameterType != member.Type)
            {
                throw new NotSupportedException($"The constructor of {type} has a parameter '{parameter.Name}' that matches no serialized member of the same type; Pack binds constructor parameters to members by name.");
            }

            member.ParameterIndex = parameter.Position;
        }

        var members = new List<ObjectMember>(candidates.Count);
        foreach (var member in candidates)
        {
            if (member.ParameterIndex >= 0 || member.CanAssign)
            {
                members.Add(member);
            }
        }

        if (members.Count > ContractRules.MaxMembers)
        {
            throw new NotSupportedException($"{type} has {members.Count} members; Pack supports at most {ushort.MaxValue}.");
        }

        return new ObjectContract(type, [.. members], constructor);
    }

    private static List<ObjectMember> DiscoverMembers(Type type)
    {
        bool dataContract = type.IsDefined(typeof(DataContractAttribute), inherit: false);
        var hierarchy = new List<Type>();
        for (var current = type; current is not null && current != typeof(object) && current != typeof(ValueType); current = current.BaseType)
        {
            hierarchy.Add(current);
        }

        hierarchy.Reverse();
        var members = new List<ObjectMember>();
        var orders = new List<int>();
        foreach (var level in hierarchy)
        {
            var properties = level.GetProperties(DeclaredInstance);
            Array.Sort(properties, static (a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
            foreach (var property in properties)
            {
                if (property.GetIndexParameters().Length != 0 || property.GetMethod is null || !Include(property, property.GetMethod.IsPublic, dataContract))
                {
                    continue;
                }

                // An override or a 'new' member replaces the base member in place.
                int existing = members.FindIndex(m => m.Name == property.Name);
                var member = new ObjectMember(property, property.PropertyType);
                if (existing >= 0)
                {
                    members[existing] = member;
                    orders[existing] = OrderOf(property);
                }
                else
                {
                    members.Add(member);
                    orders.Add(OrderOf(property));
                }
            }

            var fields = level.GetFields(DeclaredInstance);
            Array.Sort(fields, static (a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
            foreach (var field in fields)
            {
                if (field.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute)) || !Include(field, field.IsPublic, dataContract))
                {
                    continue;
                }

                members.Add(new ObjectMember(field, field.FieldType));
                orders.Add(OrderOf(field));
            }
        }

        var wireOrder = ContractRules.WireOrder(orders, out string? error);
        if (error is not null)
        {
            throw new NotSupportedException(string.Format(System.Globalization.CultureInfo.InvariantCulture, error, type));
        }

        return wireOrder is null ? members : [.. Array.ConvertAll(wireOrder, i => members[i])];
    }

    private static bool Include(MemberInfo member, bool isPublic, bool dataContract)
    {
        if (member.IsDefined(typeof(PackIgnoreAttribute)) || member.IsDefined(typeof(IgnoreDataMemberAttribute)) || HasJsonIgnoreAlways(member))
        {
            return false;
        }

        if (dataContract)
        {
            return member.IsDefined(typeof(DataMemberAttribute));
        }

        return isPublic;
    }

    private static bool HasJsonIgnoreAlways(MemberInfo member)
    {
        // Matched by name so the codec does not load System.Text.Json for types that never use it.
        foreach (var data in member.CustomAttributes)
        {
            if (data.AttributeType.FullName != ContractRules.JsonIgnoreAttribute)
            {
                continue;
            }

            foreach (var argument in data.NamedArguments)
            {
                if (argument.MemberName == "Condition" && argument.TypedValue.Value is int condition)
                {
                    return condition == ContractRules.JsonIgnoreAlways;
                }
            }

            return true;
        }

        return false;
    }

    private static int OrderOf(MemberInfo member)
        => member.GetCustomAttribute<PackOrderAttribute>()?.Order ?? ContractRules.Unordered;

    private static ObjectMember? FindMember(List<ObjectMember> members, string? name)
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

    private static ConstructorInfo? ChooseConstructor(Type type, List<ObjectMember> members)
    {
        var constructors = type.GetConstructors(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);
        foreach (var constructor in constructors)
        {
            if (constructor.IsDefined(typeof(PackConstructorAttribute)) || HasAttributeNamed(constructor, ContractRules.JsonConstructorAttribute))
            {
                return constructor;
            }
        }

        var publicConstructors = Array.FindAll(constructors, static c => c.IsPublic);
        bool allAssignable = members.TrueForAll(static m => m.CanAssign);
        if (type.IsValueType && allAssignable)
        {
            return null;
        }

        var parameterless = Array.Find(publicConstructors, static c => c.GetParameters().Length == 0);
        if (parameterless is not null && (allAssignable || publicConstructors.Length == 1))
        {
            return parameterless;
        }

        // The constructor whose parameters all match members, preferring the one that binds the most.
        ConstructorInfo? best = null;
        int bestCount = -1;
        foreach (var constructor in publicConstructors)
        {
            var parameters = constructor.GetParameters();
            bool matches = Array.TrueForAll(parameters, p => FindMember(members, p.Name) is { } m && m.Type == p.ParameterType);
            if (matches && parameters.Length > bestCount && !IsCopyConstructor(type, parameters))
            {
                best = constructor;
                bestCount = parameters.Length;
            }
        }

        if (best is not null)
        {
            return best;
        }

        if (parameterless is not null)
        {
            return parameterless;
        }

        if (type.IsValueType)
        {
            return null;
        }

        throw new NotSupportedException($"{type} has no public parameterless constructor and no public constructor whose parameters all match members by name; mark one with [PackConstructor].");
    }

    private static bool IsCopyConstructor(Type type, ParameterInfo[] parameters)
        => parameters.Length == 1 && parameters[0].ParameterType == type;

    private static bool HasAttributeNamed(MemberInfo member, string fullName)
    {
        foreach (var data in member.CustomAttributes)
        {
            if (data.AttributeType.FullName == fullName)
            {
                return true;
            }
        }

        return false;
    }
}
