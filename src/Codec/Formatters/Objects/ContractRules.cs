// Shared, as source, by the run-time IL emitter (src/Codec) and the source generator (src/Generator): the pure rules
// of an object contract live here once, so the two back ends cannot drift. Keep it free of reflection and of Roslyn.
using System;
using System.Collections.Generic;

namespace Pack.Formatters.Objects;

/// <summary>The rules of an object contract that do not depend on how the type is inspected (reflection or Roslyn).</summary>
internal static class ContractRules
{
    /// <summary>Excludes a member (Pack's own).</summary>
    public const string PackIgnoreAttribute = "Pack.PackIgnoreAttribute";

    /// <summary>Fixes member order; all members or none.</summary>
    public const string PackOrderAttribute = "Pack.PackOrderAttribute";

    /// <summary>Chooses the constructor.</summary>
    public const string PackConstructorAttribute = "Pack.PackConstructorAttribute";

    /// <summary>Declares a union case.</summary>
    public const string PackUnionAttribute = "Pack.PackUnionAttribute";

    /// <summary>Excludes a member when its condition is <see cref="JsonIgnoreAlways"/> (or absent).</summary>
    public const string JsonIgnoreAttribute = "System.Text.Json.Serialization.JsonIgnoreAttribute";

    /// <summary>Chooses the constructor, as for System.Text.Json.</summary>
    public const string JsonConstructorAttribute = "System.Text.Json.Serialization.JsonConstructorAttribute";

    /// <summary>Declares a union case with an integer discriminator, when there is no <see cref="PackUnionAttribute"/>.</summary>
    public const string JsonDerivedTypeAttribute = "System.Text.Json.Serialization.JsonDerivedTypeAttribute";

    /// <summary>Excludes a member.</summary>
    public const string IgnoreDataMemberAttribute = "System.Runtime.Serialization.IgnoreDataMemberAttribute";

    /// <summary>On a type: only its <see cref="DataMemberAttribute"/> members are written, whatever their accessibility.</summary>
    public const string DataContractAttribute = "System.Runtime.Serialization.DataContractAttribute";

    /// <summary>Includes a member of a <see cref="DataContractAttribute"/> type.</summary>
    public const string DataMemberAttribute = "System.Runtime.Serialization.DataMemberAttribute";

    /// <summary>The value of <c>JsonIgnoreCondition.Always</c>.</summary>
    public const int JsonIgnoreAlways = 0;

    /// <summary>The order of a member without <see cref="PackOrderAttribute"/>.</summary>
    public const int Unordered = int.MinValue;

    /// <summary>The largest number of members an object may have (the top-level header's count is 16 bits).</summary>
    public const int MaxMembers = ushort.MaxValue;

    /// <summary>Whether a constructor parameter binds to a member: by name, ignoring case.</summary>
    public static bool BindsTo(string memberName, string? parameterName)
        => string.Equals(memberName, parameterName, StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// The positions of the members in wire order, given each member's <see cref="PackOrderAttribute"/> value (or
    /// <see cref="Unordered"/>) in discovery order (base types first; properties then fields, each in declaration order);
    /// <see langword="null"/> when no member is ordered (discovery order is the wire order) or the orders are invalid.
    /// </summary>
    /// <param name="orders">The orders, in discovery order.</param>
    /// <param name="duplicate">An order two members share (PACK012), or <see cref="Unordered"/>.</param>
    /// <param name="mixed">Whether some members are ordered and some not (PACK011).</param>
    public static int[]? WireOrder(IReadOnlyList<int> orders, out int duplicate, out bool mixed)
    {
        duplicate = Unordered;
        mixed = false;
        int ordered = 0;
        for (int i = 0; i < orders.Count; i++)
        {
            if (orders[i] != Unordered)
            {
                ordered++;
            }
        }

        if (ordered == 0)
        {
            return null;
        }

        if (ordered != orders.Count)
        {
            mixed = true;
            return null;
        }

        var indices = new int[orders.Count];
        for (int i = 0; i < indices.Length; i++)
        {
            indices[i] = i;
        }

        // A stable sort keeps it deterministic; equal orders are rejected below anyway.
        Array.Sort(indices, (a, b) => orders[a] != orders[b] ? orders[a].CompareTo(orders[b]) : a.CompareTo(b));
        for (int i = 1; i < indices.Length; i++)
        {
            if (orders[indices[i]] == orders[indices[i - 1]])
            {
                duplicate = orders[indices[i]];
                return null;
            }
        }

        return indices;
    }

    /// <summary>
    /// The wire length of a fixed-width built-in type, by its full name (<c>System.Int32</c>), or -1. Enums take
    /// their underlying type's length; structs made only of fixed-width members add theirs up (see docs/wire-format.md).
    /// </summary>
    public static int FixedLength(string fullName) => fullName switch
    {
        "System.Boolean" or "System.Byte" or "System.SByte" => 1,
        "System.Int16" or "System.UInt16" or "System.Char" or "System.Half" => 2,
        "System.Int32" or "System.UInt32" or "System.Single" or "System.DateOnly" => 4,
        "System.Int64" or "System.UInt64" or "System.Double" or "System.DateTime" or "System.TimeSpan" or "System.TimeOnly" => 8,
        "System.DateTimeOffset" => 10,
        "System.Decimal" or "System.Int128" or "System.UInt128" or "System.Guid" => 16,
        _ => -1,
    };

    /// <summary>
    /// The wire size of a built-in type whose wire form is its little-endian memory image (so runs of them are stored
    /// with unaligned writes after one capacity check), by full name, or 0. Enums take their underlying type's. Bools
    /// qualify on write (normalized to 0 or 1) but not on read (validated); types validated or re-encoded on the wire do not.
    /// </summary>
    public static int PlainSize(string fullName) => fullName switch
    {
        "System.DateTime" or "System.Decimal" or "System.DateOnly" or "System.TimeOnly" or "System.DateTimeOffset" => 0,
        _ => FixedLength(fullName) is > 0 and var length ? length : 0,
    };

    /// <summary>Whether a built-in type (by full name) is copied raw in blittable structs and arrays: the plain types but <see cref="bool"/>.</summary>
    public static bool IsBlittablePrimitive(string fullName) => fullName != "System.Boolean" && PlainSize(fullName) > 0;

    /// <summary>The name of the <c>PackWriter.Write…</c> and <c>PackReader.Read…</c> methods of a built-in type written directly, or <see langword="null"/>.</summary>
    public static string? PrimitiveMethodSuffix(string fullName) => fullName switch
    {
        "System.String" => "String",
        _ when FixedLength(fullName) > 0 => fullName.Substring("System.".Length),
        _ => null,
    };
}
