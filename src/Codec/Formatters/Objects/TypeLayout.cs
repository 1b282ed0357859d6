using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;

namespace Pack.Formatters.Objects;

/// <summary>
/// Decides which types have a fixed wire length (no header, members back to back) and which are blittable
/// (their memory image equals their wire form, so arrays of them are one memory copy).
/// </summary>
internal static class TypeLayout
{
    private static readonly ConcurrentDictionary<Type, int> FixedLengths = new();
    private static readonly ConcurrentDictionary<Type, bool> Blittables = new();

    /// <summary>The fixed wire length of <paramref name="type"/>, or -1 when its length varies.</summary>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static int GetFixedLength(Type type) => FixedLengths.GetOrAdd(type, ComputeFixedLength);

    /// <summary>Whether values of <paramref name="type"/> can be copied to and from the wire as raw memory.</summary>
    public static bool IsBlittable(Type type) => Blittables.GetOrAdd(type, ComputeBlittable);

    /// <summary>An estimate of the heap size of one instance of the class <paramref name="type"/>: object header, method table and every instance field, 8-byte aligned.</summary>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static long InstanceSize(Type type)
    {
        long size = 2 * IntPtr.Size;
        for (var current = type; current is not null && current != typeof(object); current = current.BaseType)
        {
            foreach (var field in current.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                size += field.FieldType.IsValueType ? RuntimeHelpers.SizeOf(field.FieldType.TypeHandle) : IntPtr.Size;
            }
        }

        return Math.Max(24, (size + 7) & ~7L);
    }

    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static int ComputeFixedLength(Type type)
    {
        int primitive = PrimitiveLength(type);
        if (primitive > 0)
        {
            return primitive;
        }

        if (!IsCandidateStruct(type))
        {
            return -1;
        }

        var contract = ObjectContract.For(type);
        if (contract.Members.Length == 0)
        {
            return -1;
        }

        int total = 0;
        foreach (var member in contract.Members)
        {
            int length = GetFixedLength(member.Type);
            if (length < 0)
            {
                return -1;
            }

            total += length;
        }

        return total;
    }

    private static bool ComputeBlittable(Type type)
    {
        if (!BitConverter.IsLittleEndian)
        {
            return false; // The wire is little-endian; big-endian hosts take the member-by-member path.
        }

        if (type.IsEnum || ContractRules.IsBlittablePrimitive(type.FullName ?? string.Empty))
        {
            return true;
        }

        if (PrimitiveLength(type) > 0 || !IsCandidateStruct(type))
        {
            return false; // bool, decimal and the date types are validated on read, so never copied raw.
        }

        // Without the run-time path a struct is written member by member instead: the same bytes, since a blittable
        // struct's memory image is by definition its fixed-length, headerless member encoding.
        return PackFormatterFactory.IsDynamicCodeSupported && IsBlittableStruct(type);
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only reached when PackFormatterFactory.IsDynamicCodeSupported, so PackSerializer.IsReflectionEnabledByDefault, is true; trimmed apps turn that feature switch off, which removes this path.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only reached when RuntimeFeature.IsDynamicCodeSupported is true; Native AOT compiles this path away.")]
    private static bool IsBlittableStruct(Type type)
    {
        int fixedLength = GetFixedLength(type);
        if (fixedLength < 0 || SizeOf(type) != fixedLength)
        {
            return false;
        }

        int offset = 0;
        foreach (var member in ObjectContract.For(type).Members)
        {
            var field = member.StorageField;
            if (field is null || !IsBlittable(member.Type) || OffsetOf(type, field) != offset)
            {
                return false;
            }

            offset += GetFixedLength(member.Type);
        }

        return true;
    }

    private static bool IsCandidateStruct(Type type)
        => type.IsValueType && !type.IsPrimitive && !type.IsEnum && Nullable.GetUnderlyingType(type) is null
           && !type.IsByRefLike && !type.IsDefined(typeof(PackUnionAttribute), inherit: false)
           && PackFormatterFactory.IsObjectType(type);

    private static int PrimitiveLength(Type type)
    {
        if (type.IsEnum)
        {
            return PrimitiveLength(Enum.GetUnderlyingType(type));
        }

        return ContractRules.FixedLength(type.FullName ?? string.Empty);
    }

    private static int SizeOf(Type type) => RuntimeHelpers.SizeOf(type.TypeHandle);

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    private static int OffsetOf(Type type, FieldInfo field)
    {
        // The managed layout is not observable through reflection, so measure it: &value.field - &value.
        var method = new DynamicMethod("OffsetOf", typeof(int), Type.EmptyTypes, typeof(TypeLayout).Module, skipVisibility: true);
        var il = method.GetILGenerator();
        var local = il.DeclareLocal(type);
        il.Emit(OpCodes.Ldloca, local);
        il.Emit(OpCodes.Ldflda, field);
        il.Emit(OpCodes.Ldloca, local);
        il.Emit(OpCodes.Sub);
        il.Emit(OpCodes.Conv_I4);
        il.Emit(OpCodes.Ret);
        return ((Func<int>)method.CreateDelegate(typeof(Func<int>)))();
    }
}
