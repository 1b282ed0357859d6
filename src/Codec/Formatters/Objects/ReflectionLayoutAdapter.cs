using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;

namespace Pack.Formatters.Objects;

/// <summary>
/// The run-time path's answers to <see cref="LayoutRules"/>, read by reflection: it measures the managed layout (size
/// and field offsets), so its <see cref="BlittableLayout.Candidate"/> is a final yes.
/// </summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
internal sealed class ReflectionLayoutAdapter : LayoutAdapter<Type, ObjectMember>
{
    public static readonly ReflectionLayoutAdapter Instance = new();

    public override string? FullName(Type type) => type.IsGenericType ? null : type.FullName;

    public override Type? EnumUnderlyingType(Type type) => type.IsEnum ? Enum.GetUnderlyingType(type) : null;

    public override bool IsValueType(Type type) => type.IsValueType;

    public override bool IsNullable(Type type) => Nullable.GetUnderlyingType(type) is not null;

    public override bool IsRefLike(Type type) => type.IsByRefLike;

    public override bool IsDeclaredUnion(Type type) => type.IsDefined(typeof(PackUnionAttribute), inherit: false);

    public override bool IsObjectType(Type type) => PackFormatterFactory.IsObjectType(type);

    public override IReadOnlyList<ObjectMember>? Members(Type type)
    {
        // A struct whose contract breaks a rule has no fixed length: its own formatter reports the rule when it is used,
        // as the generator reports it where its walk reaches the type (ContextParser.ObjectOf). Thrown from here, it
        // would escape as a type-initializer failure of the enclosing type's PackTypeInfo.
        try
        {
            return ObjectContract.For(type).Members;
        }
        catch (Contracts.ContractException)
        {
            return null;
        }
    }

    public override Type TypeOf(ObjectMember member) => member.Type;

    public override int FixedLength(Type type) => TypeLayout.GetFixedLength(type);

    public override BlittableLayout Layout(Type type) => TypeLayout.IsBlittable(type) ? BlittableLayout.Candidate : BlittableLayout.No;

    public override MemberStorage Storage(Type owner, ObjectMember member) => member.StorageField is null ? MemberStorage.None : MemberStorage.Field;

    public override int? SizeOf(Type type) => RuntimeHelpers.SizeOf(type.TypeHandle);

    public override int? OffsetOf(Type owner, ObjectMember member)
    {
        // The managed layout is not observable through reflection, so measure it: &value.field - &value.
        var method = new DynamicMethod("OffsetOf", typeof(int), Type.EmptyTypes, typeof(TypeLayout).Module, skipVisibility: true);
        var il = method.GetILGenerator();
        var local = il.DeclareLocal(owner);
        il.Emit(OpCodes.Ldloca, local);
        il.Emit(OpCodes.Ldflda, member.StorageField!);
        il.Emit(OpCodes.Ldloca, local);
        il.Emit(OpCodes.Sub);
        il.Emit(OpCodes.Conv_I4);
        il.Emit(OpCodes.Ret);
        return ((Func<int>)method.CreateDelegate(typeof(Func<int>)))();
    }
}
