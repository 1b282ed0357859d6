using System.Diagnostics.CodeAnalysis;
using System.Reflection;

namespace Pack.Formatters.Objects;

/// <summary>One serialized member of an object contract.</summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class ObjectMember
{
    public ObjectMember(MemberInfo member, Type type)
    {
        Member = member;
        Type = type;
    }

    /// <summary>The property or field.</summary>
    public MemberInfo Member { get; }

    /// <summary>The member's type.</summary>
    public Type Type { get; }

    public string Name => Member.Name;

    /// <summary>The index of the constructor parameter bound to this member, or -1 when it is set after construction.</summary>
    public int ParameterIndex { get; set; } = -1;

    /// <summary>The field holding the value in memory: the field itself, or an auto-property's backing field.</summary>
    public FieldInfo? StorageField => Member switch
    {
        FieldInfo fieldInfo => fieldInfo,
        PropertyInfo property => property.DeclaringType?.GetField($"<{property.Name}>k__BackingField", BindingFlags.Instance | BindingFlags.NonPublic),
        _ => null,
    };

    /// <summary>Whether the value can be assigned after construction.</summary>
    public bool CanAssign => Member switch
    {
        FieldInfo fieldInfo => !fieldInfo.IsInitOnly,
        PropertyInfo property => property.SetMethod is not null,
        _ => false,
    };
}
