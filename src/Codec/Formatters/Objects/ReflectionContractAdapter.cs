using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Pack.Formatters.Contracts;

namespace Pack.Formatters.Objects;

/// <summary>The run-time path's answers to <see cref="ContractBuilder{TType, TMember, TConstructor}"/>, read by reflection.</summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class ReflectionContractAdapter : ContractAdapter<Type, MemberInfo, ConstructorInfo>
{
    private const BindingFlags DeclaredInstance = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    public static readonly ReflectionContractAdapter Instance = new();

    public override string Display(Type type) => type.ToString();

    public override IReadOnlyList<Type> SelfAndBases(Type type)
    {
        var hierarchy = new List<Type>();
        for (var current = type; current is not null && current != typeof(object) && current != typeof(ValueType); current = current.BaseType)
        {
            hierarchy.Add(current);
        }

        return hierarchy;
    }

    public override IReadOnlyList<MemberInfo> DeclaredProperties(Type level)
    {
        var properties = level.GetProperties(DeclaredInstance);
        Array.Sort(properties, static (a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
        return Array.FindAll(properties, static p => p.GetIndexParameters().Length == 0 && p.GetMethod is not null);
    }

    public override IReadOnlyList<MemberInfo> DeclaredFields(Type level)
    {
        var fields = level.GetFields(DeclaredInstance);
        Array.Sort(fields, static (a, b) => a.MetadataToken.CompareTo(b.MetadataToken));
        return Array.FindAll(fields, static f => !f.IsDefined(typeof(System.Runtime.CompilerServices.CompilerGeneratedAttribute)));
    }

    public override string NameOf(MemberInfo member) => member.Name;

    public override Type TypeOf(MemberInfo member) => member is PropertyInfo property ? property.PropertyType : ((FieldInfo)member).FieldType;

    public override bool IsPublic(MemberInfo member) => member is PropertyInfo property ? property.GetMethod!.IsPublic : ((FieldInfo)member).IsPublic;

    public override bool CanAssign(MemberInfo member) => member is PropertyInfo property ? property.SetMethod is not null : !((FieldInfo)member).IsInitOnly;

    public override bool HasAttribute(Type type, string fullName) => HasAttributeNamed(type, fullName);

    public override bool HasAttribute(MemberInfo member, string fullName) => HasAttributeNamed(member, fullName);

    public override bool HasAttribute(ConstructorInfo constructor, string fullName) => HasAttributeNamed(constructor, fullName);

    public override int? JsonIgnoreCondition(MemberInfo member)
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
                    return condition;
                }
            }

            return ContractRules.JsonIgnoreAlways;
        }

        return null;
    }

    public override int? PackOrder(MemberInfo member) => member.GetCustomAttribute<PackOrderAttribute>()?.Order;

    public override bool IsValueType(Type type) => type.IsValueType;

    public override IReadOnlyList<ConstructorInfo> Constructors(Type type) => type.GetConstructors(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic);

    public override bool IsPublic(ConstructorInfo constructor) => constructor.IsPublic;

    public override IReadOnlyList<Type> ParameterTypes(ConstructorInfo constructor) => Array.ConvertAll(constructor.GetParameters(), static p => p.ParameterType);

    public override IReadOnlyList<string> ParameterNames(ConstructorInfo constructor) => Array.ConvertAll(constructor.GetParameters(), static p => p.Name ?? string.Empty);

    public override bool SameType(Type left, Type right) => left == right;

    public override bool IsOpen(Type type) => type.ContainsGenericParameters;

    public override bool IsPointerOrRefLike(Type type) => type.IsPointer || type.IsFunctionPointer || type.IsByRefLike || type.IsByRef;

    public override bool IsDelegate(Type type) => typeof(Delegate).IsAssignableFrom(type);

    public override bool IsEnumerable(Type type) => typeof(System.Collections.IEnumerable).IsAssignableFrom(type);

    public override bool IsAbstract(Type type) => type.IsAbstract || type.IsInterface;

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
