// Shared, as source, by the run-time path (src/Codec, TypeLayout) and the source generator (src/Generator,
// ContextParser): the one rulebook of fixed wire lengths and blittability. It holds no reflection and no Roslyn; an
// adapter answers questions about a type and this class makes every decision.
namespace Pack.Formatters.Objects;

/// <summary>
/// Decides which types have a fixed wire length (a frozen struct: no header, members back to back) and which are
/// blittable (their memory image equals their wire form, so they and arrays of them are one memory copy).
/// </summary>
internal static class LayoutRules
{
    /// <summary>The wire length of a fixed-width built-in type or enum (its underlying integer's), or -1.</summary>
    public static int PrimitiveLength<TType, TMember>(LayoutAdapter<TType, TMember> adapter, TType type)
        where TType : class
        where TMember : class
        => ContractRules.FixedLength(adapter.FullName(adapter.EnumUnderlyingType(type) ?? type) ?? string.Empty);

    /// <summary>
    /// Whether a type is blittable by itself, whatever its contract: an enum, or a built-in type whose wire form is its
    /// memory image but <see cref="bool"/> (ContractRules.IsBlittablePrimitive). These are the element kinds that take
    /// the one-copy path besides blittable structs.
    /// </summary>
    public static bool IsBlittableScalar<TType, TMember>(LayoutAdapter<TType, TMember> adapter, TType type)
        where TType : class
        where TMember : class
        => adapter.EnumUnderlyingType(type) is not null || (adapter.FullName(type) is { } name && ContractRules.IsBlittablePrimitive(name));

    /// <summary>Whether a type is a struct written member by member, the only kind whose length can be fixed by its members.</summary>
    public static bool IsCandidateStruct<TType, TMember>(LayoutAdapter<TType, TMember> adapter, TType type)
        where TType : class
        where TMember : class
        => adapter.IsValueType(type) && adapter.EnumUnderlyingType(type) is null && !adapter.IsNullable(type) && !adapter.IsRefLike(type)
           && !adapter.IsDeclaredUnion(type) && adapter.IsObjectType(type);

    /// <summary>
    /// The fixed wire length of a type, or -1 when its length varies: a fixed-width built-in type's or enum's, or for a
    /// struct written member by member with at least one member, the sum of its members' when every one is fixed.
    /// Recursion goes through <see cref="LayoutAdapter{TType, TMember}.FixedLength"/>, which caches.
    /// </summary>
    public static int FixedLength<TType, TMember>(LayoutAdapter<TType, TMember> adapter, TType type)
        where TType : class
        where TMember : class
    {
        int primitive = PrimitiveLength(adapter, type);
        if (primitive > 0)
        {
            return primitive;
        }

        if (!IsCandidateStruct(adapter, type) || adapter.Members(type) is not { Count: > 0 } members)
        {
            return -1;
        }

        int total = 0;
        foreach (var member in members)
        {
            int length = adapter.FixedLength(adapter.TypeOf(member));
            if (length < 0)
            {
                return -1;
            }

            total += length;
        }

        return total;
    }

    /// <summary>
    /// Whether a type is blittable: a blittable scalar; else a struct of fixed wire length, as large in memory as on the
    /// wire, each member blittable and held in a field at its wire offset. Other fixed-width built-in types (bool, dates,
    /// decimal) are validated or re-encoded on the wire, never copied raw. Facts the adapter cannot measure (size,
    /// offsets) leave <see cref="BlittableLayout.Candidate"/>; facts it cannot see leave <see cref="BlittableLayout.Unknown"/>.
    /// Recursion goes through <see cref="LayoutAdapter{TType, TMember}.Layout"/>, which caches.
    /// </summary>
    public static BlittableLayout Decide<TType, TMember>(LayoutAdapter<TType, TMember> adapter, TType type)
        where TType : class
        where TMember : class
    {
        if (IsBlittableScalar(adapter, type))
        {
            return BlittableLayout.Candidate;
        }

        if (PrimitiveLength(adapter, type) > 0 || !IsCandidateStruct(adapter, type))
        {
            return BlittableLayout.No;
        }

        int fixedLength = adapter.FixedLength(type);
        if (fixedLength < 0 || (adapter.SizeOf(type) is { } size && size != fixedLength))
        {
            return BlittableLayout.No;
        }

        var result = BlittableLayout.Candidate;
        int offset = 0;
        foreach (var member in adapter.Members(type)!)
        {
            var memberType = adapter.TypeOf(member);
            var verdict = adapter.Layout(memberType);
            if (verdict == BlittableLayout.Candidate)
            {
                verdict = adapter.Storage(type, member) switch
                {
                    MemberStorage.Field => adapter.OffsetOf(type, member) is { } actual && actual != offset ? BlittableLayout.No : BlittableLayout.Candidate,
                    MemberStorage.None => BlittableLayout.No,
                    _ => BlittableLayout.Unknown,
                };
            }

            if (verdict == BlittableLayout.No)
            {
                return BlittableLayout.No;
            }

            if (verdict == BlittableLayout.Unknown)
            {
                result = BlittableLayout.Unknown;
            }

            offset += adapter.FixedLength(memberType);
        }

        return result;
    }
}
