namespace Pack.Schema;

/// <summary>The rule IDs of <see cref="PackSchemaViolation"/> (docs/schema.md §3). They are stable: tools may match on them.</summary>
public static class PackSchemaRules
{
    /// <summary>At the root, a collection element, map key or value, or union case, the types differ in kind, primitive or shape.</summary>
    public const string TypeChanged = "TYPE_CHANGED";

    /// <summary>The member at the same position has a type of another kind, primitive or shape.</summary>
    public const string MemberRetyped = "MEMBER_RETYPED";

    /// <summary>A member the reader has at this position is missing from the writer.</summary>
    public const string MemberRemoved = "MEMBER_REMOVED";

    /// <summary>The writer inserted a member the reader does not have before members the reader has.</summary>
    public const string MemberInserted = "MEMBER_INSERTED";

    /// <summary>Both have the member, at different positions.</summary>
    public const string MemberReordered = "MEMBER_REORDERED";

    /// <summary>The writer may write null where the reader's type has no null.</summary>
    public const string NullabilityChanged = "NULLABILITY_CHANGED";

    /// <summary>Two frozen (fixed) structs differ in their members' count or wire types.</summary>
    public const string FrozenStructChanged = "FROZEN_STRUCT_CHANGED";

    /// <summary>An enum's underlying integer type differs.</summary>
    public const string EnumUnderlyingChanged = "ENUM_UNDERLYING_CHANGED";

    /// <summary>An enum value of the same name has another number.</summary>
    public const string EnumValueChanged = "ENUM_VALUE_CHANGED";

    /// <summary>A union tag stands for another, incompatible case.</summary>
    public const string UnionTagReused = "UNION_TAG_REUSED";

    /// <summary>A union case has another tag.</summary>
    public const string UnionTagChanged = "UNION_TAG_CHANGED";
}
