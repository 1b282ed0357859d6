using System.Buffers;
using System.Reflection;
using System.Reflection.Emit;

namespace Pack.Formatters.Objects;

/// <summary>
/// Generates, once per type, straight-line IL that writes and reads a contract's members: primitives and strings call
/// the writer and reader directly (and are inlined by the JIT), other members go through their cached formatters.
/// </summary>
internal static class ObjectEmitter
{
    private static readonly Dictionary<Type, string> PrimitiveNames = new()
    {
        [typeof(bool)] = "Boolean", [typeof(byte)] = "Byte", [typeof(sbyte)] = "SByte",
        [typeof(short)] = "Int16", [typeof(ushort)] = "UInt16", [typeof(char)] = "Char",
        [typeof(int)] = "Int32", [typeof(uint)] = "UInt32", [typeof(long)] = "Int64", [typeof(ulong)] = "UInt64",
        [typeof(Int128)] = "Int128", [typeof(UInt128)] = "UInt128",
        [typeof(Half)] = "Half", [typeof(float)] = "Single", [typeof(double)] = "Double", [typeof(decimal)] = "Decimal",
        [typeof(Guid)] = "Guid", [typeof(DateTime)] = "DateTime", [typeof(DateTimeOffset)] = "DateTimeOffset",
        [typeof(TimeSpan)] = "TimeSpan", [typeof(DateOnly)] = "DateOnly", [typeof(TimeOnly)] = "TimeOnly",
        [typeof(string)] = "String",
    };

    public static SerializeMethod<TBufferWriter, T> EmitSerialize<TBufferWriter, T>(ObjectContract contract, bool hasHeader)
        where TBufferWriter : IBufferWriter<byte>
    {
        var type = typeof(T);
        var writerType = typeof(PackWriter<TBufferWriter>);
        var method = new DynamicMethod($"Pack.Serialize.{type.Name}", typeof(void), [writerType.MakeByRefType(), type], typeof(ObjectEmitter).Module, skipVisibility: true);
        var il = method.GetILGenerator();

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

        foreach (var member in contract.Members)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(type.IsValueType ? OpCodes.Ldarga_S : OpCodes.Ldarg_S, (byte)1);
            switch (member.Member)
            {
                case FieldInfo field:
                    il.Emit(OpCodes.Ldfld, field);
                    break;
                case PropertyInfo property:
                    il.Emit(type.IsValueType || property.GetMethod!.IsFinal || !property.GetMethod.IsVirtual ? OpCodes.Call : OpCodes.Callvirt, property.GetMethod!);
                    break;
            }

            il.Emit(OpCodes.Call, PrimitiveNames.TryGetValue(member.Type, out var name)
                ? writerType.GetMethod("Write" + name)!
                : writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteValue))!.MakeGenericMethod(member.Type));
        }

        if (token is not null)
        {
            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Ldloc, token);
            il.Emit(OpCodes.Call, writerType.GetMethod(nameof(PackWriter<TBufferWriter>.WriteObjectEnd))!);
        }

        il.Emit(OpCodes.Ret);
        return (SerializeMethod<TBufferWriter, T>)method.CreateDelegate(typeof(SerializeMethod<TBufferWriter, T>));
    }

    public static DeserializeMethod<T> EmitDeserialize<T>(ObjectContract contract, bool hasHeader)
    {
        var type = typeof(T);
        var readerType = typeof(PackReader);
        var method = new DynamicMethod($"Pack.Deserialize.{type.Name}", type, [readerType.MakeByRefType()], typeof(ObjectEmitter).Module, skipVisibility: true);
        var il = method.GetILGenerator();
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
        for (int i = 0; i < members.Length; i++)
        {
            if (hasHeader)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloc, end);
                il.Emit(OpCodes.Ldloc, memberCount);
                il.Emit(OpCodes.Ldc_I4, i);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.HasMember))!);
                il.Emit(OpCodes.Brfalse, doneReading);
            }

            il.Emit(OpCodes.Ldarg_0);
            il.Emit(OpCodes.Call, PrimitiveNames.TryGetValue(members[i].Type, out var name)
                ? readerType.GetMethod("Read" + name)!
                : readerType.GetMethod(nameof(PackReader.ReadValue))!.MakeGenericMethod(members[i].Type));
            il.Emit(OpCodes.Stloc, values[i]);

            if (hasHeader)
            {
                il.Emit(OpCodes.Ldarg_0);
                il.Emit(OpCodes.Ldloc, end);
                il.Emit(OpCodes.Call, readerType.GetMethod(nameof(PackReader.CheckMemberEnd))!);
                il.Emit(OpCodes.Ldc_I4, i + 1);
                il.Emit(OpCodes.Stloc, count);
            }
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

        il.Emit(OpCodes.Ldloc, result);
        il.Emit(OpCodes.Ret);
        return (DeserializeMethod<T>)method.CreateDelegate(typeof(DeserializeMethod<T>));
    }

    private static long ToRaw(object value) => value switch
    {
        bool b => b ? 1 : 0,
        char c => c,
        ulong u => unchecked((long)u),
        _ => Convert.ToInt64(value, System.Globalization.CultureInfo.InvariantCulture),
    };

    private static void EmitConstant(ILGenerator il, object? value, Type type, LocalBuilder local)
    {
        var underlying = Nullable.GetUnderlyingType(type);
        if (value is null || underlying is not null)
        {
            return; // null (and Nullable defaults) equal the zero-initialized local.
        }

        var target = type.IsEnum ? Enum.GetUnderlyingType(type) : type;
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

        il.Emit(OpCodes.Stloc, local);
    }
}
