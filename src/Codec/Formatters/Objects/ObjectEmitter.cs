using System.Buffers;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;
using System.Runtime.CompilerServices;

namespace Pack.Formatters.Objects;

/// <summary>
/// Generates, once per type, straight-line IL that writes and reads a contract's members: primitives and strings call
/// the writer and reader directly (and are inlined by the JIT), other members go through their cached formatters.
/// </summary>
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal static class ObjectEmitter
{
    /// <summary>The name of the writer's and reader's direct method for a built-in type, or <see langword="null"/> (shared with the source generator).</summary>
    private static string? PrimitiveName(Type type) => type.IsEnum ? null : ContractRules.PrimitiveMethodSuffix(type.FullName ?? string.Empty);

    public static SerializeMethod<TBufferWriter, T> EmitSerialize<TBufferWriter, T>(ObjectContract contract, bool hasHeader)
        where TBufferWriter : IBufferWriter<byte>
    {
        var type = typeof(T);
        var writerType = typeof(PackWriter<TBufferWriter>);
        var method = EmittedMethod.Define($"Pack.Serialize.{type.Name}", typeof(void), [writerType.MakeByRefType(), type], UsedTypes(contract));
        var il = method.IL;

        if (!type.IsValueType)
        {
            var notNull = il.DefineLabel();
            il.Emit(OpCodes.Ldarg_1);
            il.Emit(OpCodes.Brtrue, notNull);
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteNullObject))!);
            il.Emit(OpCodes.Ret);
            il.MarkLabel(notNull);
        }

        LocalBuilder? token = null;
        if (hasHeader)
        {
            token = il.DeclareLocal(typeof(long));
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldc_I4, contract.Members.Length);
            il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteObjectStart))!);
            il.Emit(OpCodes.Stloc, token);
        }

        EmitMembers<TBufferWriter>(il, writerType, type, contract.Members);

        if (token is not null)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, token);
            il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteObjectEnd))!);
        }

        il.Emit(OpCodes.Ret);
        return method.CreateDelegate<SerializeMethod<TBufferWriter, T>>();
    }

    /// <summary>The types whose members a contract's generated code uses: the type, its members' types and declaring types, and the writer and reader.</summary>
    private static List<Type> UsedTypes(ObjectContract contract)
    {
        var types = new List<Type> { contract.Type, typeof(PackWriter<>), typeof(PackReader) };
        foreach (var member in contract.Members)
        {
            types.Add(member.Type);
            if (member.Member.DeclaringType is { } declaring)
            {
                types.Add(declaring);
            }
        }

        return types;
    }

    /// <summary>
    /// Generates a writer of the members <paramref name="start"/> to <paramref name="start"/> + <paramref name="count"/>
    /// alone, with no null check and no header: the part of a top-level object between two flush points.
    /// </summary>
    public static SerializeMethod<TBufferWriter, T> EmitSerializeMembers<TBufferWriter, T>(ObjectContract contract, int start, int count)
        where TBufferWriter : IBufferWriter<byte>
    {
        var type = typeof(T);
        var writerType = typeof(PackWriter<TBufferWriter>);
        var method = EmittedMethod.Define($"Pack.SerializeMembers.{type.Name}.{start}", typeof(void), [writerType.MakeByRefType(), type], UsedTypes(contract));
        var il = method.IL;
        EmitMembers<TBufferWriter>(il, writerType, type, contract.Members.AsSpan(start, count));
        il.Emit(OpCodes.Ret);
        return method.CreateDelegate<SerializeMethod<TBufferWriter, T>>();
    }

    /// <summary>Generates a reader of one member's value.</summary>
    public static Func<T, TMember> EmitGetMember<T, TMember>(ObjectMember member)
    {
        var type = typeof(T);
        var method = new DynamicMethod($"Pack.Get.{type.Name}.{member.Name}", typeof(TMember), [type], typeof(ObjectEmitter).Module, skipVisibility: true);
        var il = method.GetILGenerator();
        EmitLoadMember(il, type, member, argument: 0);
        il.Emit(OpCodes.Ret);
        return (Func<T, TMember>)method.CreateDelegate(typeof(Func<T, TMember>));
    }

    private static void EmitMembers<TBufferWriter>(ILGenerator il, Type writerType, Type type, ReadOnlySpan<ObjectMember> members)
        where TBufferWriter : IBufferWriter<byte>
    {
        for (int i = 0; i < members.Length;)
        {
            // A run of plain fixed-width members (ints, doubles, enums …) is written with one capacity check:
            // reserve the run's bytes once, then store each member at its offset.
            int runLength = CountPlainRun(members, i, includeBool: true, out int runSize);

            if (runLength >= 2)
            {
                EmitPlainRun<TBufferWriter>(il, writerType, type, members.Slice(i, runLength), runSize);
                i += runLength;
                continue;
            }

            var member = members[i++];
            il.Emit(OpCodes.Ldarg_0);
            EmitLoadMember(il, type, member);
            il.Emit(OpCodes.Call, PrimitiveName(member.Type) is { } name
                ? writerType.GetMethod("Write" + name)!
                : writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteValue))!.MakeGenericMethod(member.Type));
        }
    }

    private static readonly MethodInfo WriteUnalignedByRef = Array.Find(
        typeof(Unsafe).GetMethods(BindingFlags.Public | BindingFlags.Static),
        static m => m.Name == nameof(Unsafe.WriteUnaligned) && m.GetParameters()[0].ParameterType == typeof(byte).MakeByRefType())!;

    /// <summary>
    /// The wire size of a member type whose wire form is its little-endian memory image (so it can be stored with an
    /// unaligned write), or 0. Bools qualify (normalized to 0/1); types validated or re-encoded on the wire do not.
    /// </summary>
    private static int PlainSize(Type type)
    {
        if (!BitConverter.IsLittleEndian)
        {
            return 0;
        }

        if (type.IsEnum)
        {
            type = Enum.GetUnderlyingType(type);
        }

        return ContractRules.PlainSize(type.FullName ?? string.Empty);
    }

    /// <summary>
    /// The number of consecutive plain fixed-width members from <paramref name="start"/>, and their total size. Reads
    /// exclude bools, which must be validated as 0 or 1; writes include them (normalized).
    /// </summary>
    private static int CountPlainRun(ReadOnlySpan<ObjectMember> members, int start, bool includeBool, out int size)
    {
        int length = 0;
        size = 0;
        while (start + length < members.Length
            && (includeBool || members[start + length].Type != typeof(bool))
            && PlainSize(members[start + length].Type) is > 0 and var memberSize)
        {
            size += memberSize;
            length++;
        }

        return length;
    }

    private static void EmitPlainRun<TBufferWriter>(ILGenerator il, Type writerType, Type type, ReadOnlySpan<ObjectMember> run, int runSize)
        where TBufferWriter : IBufferWriter<byte>
    {
        var destination = il.DeclareLocal(typeof(byte).MakeByRefType());
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldc_I4, runSize);
        il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.GetSpanReference))!);
        il.Emit(OpCodes.Stloc, destination);
        int offset = 0;
        foreach (var member in run)
        {
            il.Emit(OpCodes.Ldloc, destination);
            if (offset != 0)
            {
                il.Emit(OpCodes.Ldc_I4, offset);
                il.Emit(OpCodes.Add);
            }

            EmitLoadMember(il, type, member);
            var stored = member.Type;
            if (stored == typeof(bool))
            {
                // Any non-zero bool is written as 1, as WriteBoolean does.
                il.Emit(OpCodes.Ldc_I4_0);
                il.Emit(OpCodes.Cgt_Un);
                stored = typeof(byte);
            }

            il.Emit(OpCodes.Call, WriteUnalignedByRef.MakeGenericMethod(stored));
            offset += PlainSize(member.Type);
        }

        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldc_I4, runSize);
        il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.Advance))!);
    }

    private static readonly MethodInfo ReadUnalignedByRef = Array.Find(
        typeof(Unsafe).GetMethods(BindingFlags.Public | BindingFlags.Static),
        static m => m.Name == nameof(Unsafe.ReadUnaligned) && m.GetParameters()[0].ParameterType == typeof(byte).MakeByRefType())!;

    /// <summary>Reads member <paramref name="index"/> if it was written (evolution), checking it stays inside the object.</summary>
    private static void EmitReadMember(ILGenerator il, Type readerType, ObjectMember[] members, LocalBuilder[] values, int index, LocalBuilder end, LocalBuilder memberCount, LocalBuilder count, Label doneReading)
    {
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldloc, end);
        il.Emit(OpCodes.Ldloc, memberCount);
        il.Emit(OpCodes.Ldc_I4, index);
        il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.HasMember))!);
        il.Emit(OpCodes.Brfalse, doneReading);
        EmitReadValue(il, readerType, members[index], values[index]);
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Ldloc, end);
        il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.CheckMemberEnd))!);
        il.Emit(OpCodes.Ldc_I4, index + 1);
        il.Emit(OpCodes.Stloc, count);
    }

    private static void EmitReadValue(ILGenerator il, Type readerType, ObjectMember member, LocalBuilder value)
    {
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Call, PrimitiveName(member.Type) is { } name
            ? readerType.GetMethod("Read" + name)!
            : readerType.GetMethod(nameof(PackReader.ReadValue))!.MakeGenericMethod(member.Type));
        il.Emit(OpCodes.Stloc, value);
    }

    private static void EmitLoadMember(ILGenerator il, Type type, ObjectMember member, byte argument = 1)
    {
        il.Emit(type.IsValueType ? OpCodes.Ldarga_S : OpCodes.Ldarg_S, argument);
        switch (member.Member)
        {
            case FieldInfo field:
                il.Emit(OpCodes.Ldfld, field);
                break;
            case PropertyInfo property:
                il.Emit(type.IsValueType || property.GetMethod!.IsFinal || !property.GetMethod.IsVirtual ? OpCodes.Call : OpCodes.Callvirt, property.GetMethod!);
                break;
        }
    }

    public static DeserializeMethod<T> EmitDeserialize<T>(ObjectContract contract, bool hasHeader)
    {
        var type = typeof(T);
        var readerType = typeof(PackReader);
        var method = EmittedMethod.Define($"Pack.Deserialize.{type.Name}", type, [readerType.MakeByRefType()], UsedTypes(contract));
        var il = method.IL;
        var members = contract.Members;
        var values = new LocalBuilder[members.Length];
        for (int i = 0; i < members.Length; i++)
        {
            values[i] = il.DeclareLocal(members[i].Type);
        }

        var end = il.DeclareLocal(typeof(int));
        var memberCount = il.DeclareLocal(typeof(int));
        var count = il.DeclareLocal(typeof(int));
        var result = il.DeclareLocal(type);
        var parameters = contract.Constructor?.GetParameters() ?? [];

        // A constructor (with the initializers it runs) and the setters after it can be user code that allocates what no
        // charge knows of; decided once per type, and only then is the construct-and-set block measured (wire format §12).
        bool runsUserCode = ConstructionUserCode.RunsUserCode(type, contract);
        long instanceCharge = hasHeader && !type.IsValueType ? TypeLayout.InstanceSize(type) : 0;

        if (hasHeader)
        {
            if (type.IsValueType)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldstr, type.Name);
                il.Emit(OpCodes.Ldloca, memberCount);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.ReadObjectStart))!);
                il.Emit(OpCodes.Stloc, end);
            }
            else
            {
                var present = il.DefineLabel();
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloca, end);
                il.Emit(OpCodes.Ldloca, memberCount);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.TryReadObjectStart))!);
                il.Emit(OpCodes.Brtrue, present);
                il.Emit(OpCodes.Ldnull);
                il.Emit(OpCodes.Ret);
                il.MarkLabel(present);

                // The instance is charged to the read's allocation budget: an empty body (4 bytes) can stand for an
                // object of any size, so object counts alone do not bound memory.
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldc_I8, instanceCharge);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.ChargeAllocation))!);
            }

            // A member missing from an older payload gets its constructor parameter's default value.
            foreach (var member in members)
            {
                if (member.ParameterIndex >= 0 && parameters[member.ParameterIndex].HasDefaultValue)
                {
                    EmitConstant(il, parameters[member.ParameterIndex].DefaultValue, member.Type, values[Array.IndexOf(members, member)]);
                }
            }
        }

        var doneReading = il.DefineLabel();
        for (int i = 0; i < members.Length;)
        {
            // A run of plain fixed-width members is read with one presence check and one capacity check when the
            // whole run was written; otherwise (an older, shorter payload) member by member as below.
            int runLength = CountPlainRun(members, i, includeBool: false, out int runSize);

            if (runLength >= 2)
            {
                var slow = il.DefineLabel();
                var next = il.DefineLabel();
                if (hasHeader)
                {
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Ldloc, end);
                    il.Emit(OpCodes.Ldloc, memberCount);
                    il.Emit(OpCodes.Ldc_I4, i + runLength - 1);
                    il.Emit(OpCodes.Ldc_I4, runSize);
                    il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.HasMemberRun))!);
                    il.Emit(OpCodes.Brfalse, slow);
                }

                var source = il.DeclareLocal(typeof(byte).MakeByRefType());
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldc_I4, runSize);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.GetSpanReference))!);
                il.Emit(OpCodes.Stloc, source);
                int offset = 0;
                for (int k = i; k < i + runLength; k++)
                {
                    il.Emit(OpCodes.Ldloc, source);
                    if (offset != 0)
                    {
                        il.Emit(OpCodes.Ldc_I4, offset);
                        il.Emit(OpCodes.Add);
                    }

                    il.Emit(OpCodes.Call, ReadUnalignedByRef.MakeGenericMethod(members[k].Type));
                    il.Emit(OpCodes.Stloc, values[k]);
                    offset += PlainSize(members[k].Type);
                }

                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldc_I4, runSize);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.Advance))!);
                if (hasHeader)
                {
                    il.Emit(OpCodes.Ldarg_0);
                    il.Emit(OpCodes.Ldloc, end);
                    il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.CheckMemberEnd))!);
                    il.Emit(OpCodes.Ldc_I4, i + runLength);
                    il.Emit(OpCodes.Stloc, count);
                    il.Emit(OpCodes.Br, next);
                    il.MarkLabel(slow);
                    for (int k = i; k < i + runLength; k++)
                    {
                        EmitReadMember(il, readerType, members, values, k, end, memberCount, count, doneReading);
                    }
                }

                il.MarkLabel(next);
                i += runLength;
                continue;
            }

            if (hasHeader)
            {
                EmitReadMember(il, readerType, members, values, i, end, memberCount, count, doneReading);
            }
            else
            {
                EmitReadValue(il, readerType, members[i], values[i]);
            }

            i++;
        }

        if (!hasHeader)
        {
            il.Emit(OpCodes.Ldc_I4, members.Length);
            il.Emit(OpCodes.Stloc, count);
        }

        il.MarkLabel(doneReading);
        if (hasHeader)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, end);
            il.Emit(OpCodes.Ldloc, memberCount);
            il.Emit(OpCodes.Ldc_I4, members.Length);
            il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.ReadObjectEnd))!);
        }

        LocalBuilder? allocatedBefore = null;
        if (runsUserCode)
        {
            allocatedBefore = il.DeclareLocal(typeof(long));
            il.Emit(OpCodes.Call, typeof(GC).GetMethod(nameof(GC.GetAllocatedBytesForCurrentThread))!);
            il.Emit(OpCodes.Stloc, allocatedBefore);
        }

        // Construct, passing the members bound to constructor parameters.
        if (contract.Constructor is null)
        {
            il.Emit(OpCodes.Ldloca, result);
            il.Emit(OpCodes.Initobj, type);
        }
        else
        {
            if (type.IsValueType)
            {
                il.Emit(OpCodes.Ldloca, result);
            }

            foreach (var parameter in parameters)
            {
                int index = Array.FindIndex(members, m => m.ParameterIndex == parameter.Position);
                il.Emit(OpCodes.Ldloc, values[index]);
            }

            if (type.IsValueType)
            {
                il.Emit(OpCodes.Call, contract.Constructor);
            }
            else
            {
                il.Emit(OpCodes.Newobj, contract.Constructor);
                il.Emit(OpCodes.Stloc, result);
            }
        }

        // Assign the other members that were present; absent ones keep their initializer values.
        for (int i = 0; i < members.Length; i++)
        {
            var member = members[i];
            if (member.ParameterIndex >= 0)
            {
                continue;
            }

            var skip = il.DefineLabel();
            il.Emit(OpCodes.Ldloc, count);
            il.Emit(OpCodes.Ldc_I4, i + 1);
            il.Emit(OpCodes.Blt, skip);
            il.Emit(type.IsValueType ? OpCodes.Ldloca : OpCodes.Ldloc, result);
            il.Emit(OpCodes.Ldloc, values[i]);
            switch (member.Member)
            {
                case FieldInfo field:
                    il.Emit(OpCodes.Stfld, field);
                    break;
                case PropertyInfo property:
                    il.Emit(type.IsValueType || property.SetMethod!.IsFinal || !property.SetMethod.IsVirtual ? OpCodes.Call : OpCodes.Callvirt, property.SetMethod!);
                    break;
            }

            il.MarkLabel(skip);
        }

        if (allocatedBefore is not null)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, allocatedBefore);
            il.Emit(OpCodes.Ldc_I8, instanceCharge);
            il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.ChargeUserCode))!);
        }

        il.Emit(OpCodes.Ldloc, result);
        il.Emit(OpCodes.Ret);
        return method.CreateDelegate<DeserializeMethod<T>>();
    }

    private static long ToRaw(object value) => value switch
    {
        bool b => b ? 1 : 0,
        char c => c,
        ulong u => unchecked((long)u),
        // An enum default (a parameter's) converts through its underlying value: Convert.ToInt64 of a ulong enum above
        // long.MaxValue overflows, and the formatter could not be built at all.
        Enum e => ToRaw(Convert.ChangeType(e, Enum.GetUnderlyingType(e.GetType()), System.Globalization.CultureInfo.InvariantCulture)),
        _ => Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture),
    };

    private static void EmitConstant(ILGenerator il, object? value, Type type, LocalBuilder local)
    {
        if (value is null)
        {
            return; // null equals the zero-initialized local.
        }

        // A Nullable parameter's default (int? p = 5) is its element's constant, wrapped: docs/wire-format.md §11.
        var underlying = Nullable.GetUnderlyingType(type);
        var element = underlying ?? type;
        var target = element.IsEnum ? Enum.GetUnderlyingType(element) : element;
        switch (Type.GetTypeCode(target))
        {
            case TypeCode.Boolean or TypeCode.Byte or TypeCode.SByte or TypeCode.Int16 or TypeCode.UInt16 or TypeCode.Char or TypeCode.Int32 or TypeCode.UInt32:
                il.Emit(OpCodes.Ldc_I4, unchecked((int)ToRaw(value)));
                break;
            case TypeCode.Int64 or TypeCode.UInt64:
                il.Emit(OpCodes.Ldc_I8, ToRaw(value));
                break;
            case TypeCode.Single:
                il.Emit(OpCodes.Ldc_R4, Convert.ToSingle(value, System.Globalization.CultureInfo.InvariantCulture));
                break;
            case TypeCode.Double:
                il.Emit(OpCodes.Ldc_R8, Convert.ToDouble(value, System.Globalization.CultureInfo.InvariantCulture));
                break;
            case TypeCode.String:
                il.Emit(OpCodes.Ldstr, (string)value);
                break;
            default:
                return; // Other defaults (decimal, structs) are rare; the zero value stands in.
        }

        if (underlying is not null)
        {
            il.Emit(OpCodes.Newobj, type.GetConstructor([underlying])!);
        }

        il.Emit(OpCodes.Stloc, local);
    }
}
