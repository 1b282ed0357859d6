// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see LayoutRules.
using System.Collections.Generic;

namespace Pack.Formatters.Objects;

/// <summary>
/// Answers questions about types for <see cref="LayoutRules"/>, which makes every layout decision from the answers. The
/// run-time path answers from reflection (and measures the managed layout); the generator answers from Roslyn symbols
/// and the contracts it built, and cannot measure sizes or offsets.
/// </summary>
/// <typeparam name="TType">A type.</typeparam>
/// <typeparam name="TMember">A member of an object contract.</typeparam>
internal abstract class LayoutAdapter<TType, TMember>
    where TType : class
    where TMember : class
{
    /// <summary>The full name (<c>System.Int32</c>) of a non-generic named type, or <see langword="null"/>.</summary>
    public abstract string? FullName(TType type);

    /// <summary>The underlying integer type of an enum, or <see langword="null"/> when <paramref name="type"/> is not an enum.</summary>
    public abstract TType? EnumUnderlyingType(TType type);

    public abstract bool IsValueType(TType type);

    /// <summary>Whether the type is <c>Nullable&lt;T&gt;</c>.</summary>
    public abstract bool IsNullable(TType type);

    /// <summary>Whether the type is a ref struct.</summary>
    public abstract bool IsRefLike(TType type);

    /// <summary>Whether the type itself carries <c>[PackUnion]</c>.</summary>
    public abstract bool IsDeclaredUnion(TType type);

    /// <summary>Whether Pack writes the type member by member (a class, struct or record, not a primitive, collection, delegate or pointer).</summary>
    public abstract bool IsObjectType(TType type);

    /// <summary>The members of the type's contract in wire order (ContractBuilder's), or <see langword="null"/> when it has none.</summary>
    public abstract IReadOnlyList<TMember>? Members(TType type);

    public abstract TType TypeOf(TMember member);

    /// <summary>The fixed wire length of a type, cached: calls <see cref="LayoutRules.FixedLength{TType, TMember}"/> once per type.</summary>
    public abstract int FixedLength(TType type);

    /// <summary>The layout verdict of a type, cached: calls <see cref="LayoutRules.Decide{TType, TMember}"/> once per type.</summary>
    public abstract BlittableLayout Layout(TType type);

    /// <summary>What holds the member's value in memory.</summary>
    public abstract MemberStorage Storage(TType owner, TMember member);

    /// <summary>The size of the type in memory, or <see langword="null"/> when this adapter cannot measure it.</summary>
    public abstract int? SizeOf(TType type);

    /// <summary>The offset of the member's storage field in the type's memory image, or <see langword="null"/> when this adapter cannot measure it.</summary>
    public abstract int? OffsetOf(TType owner, TMember member);
}
