using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;

namespace Pack.Formatters.Objects;

/// <summary>
/// Decides, once per type, whether constructing a value on read runs user code that can allocate: the constructor (with
/// the initializers it runs) and the setters the reader calls. Conservative: only IL that provably allocates nothing per
/// instance counts as no user code (wire format §12); everything else is measured by the formatter.
/// </summary>
/// <remarks>
/// No user code: fields; compiler-style setters (<c>ldarg.0; ldarg.1; stfld; ret</c>); a constructor whose IL only stores
/// arguments, constants (numbers, <see langword="null"/>, string literals, static fields of .NET itself) into fields and
/// calls <see cref="object"/>'s constructor or another constructor that qualifies in turn. .NET's own types are taken as
/// no user code.
/// </remarks>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal static class ConstructionUserCode
{
    // Constructors calling one another deeper than this are taken as user code rather than followed further.
    private const int MaxChain = 16;

    private static readonly Dictionary<short, OpCode> OpCodesByValue = typeof(OpCodes)
        .GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(static field => (OpCode)field.GetValue(null)!)
        .ToDictionary(static code => code.Value);

    /// <summary>Whether constructing <paramref name="type"/> by <paramref name="contract"/> can run user code.</summary>
    public static bool RunsUserCode(Type type, ObjectContract contract)
    {
        if (type.Assembly == typeof(object).Assembly)
        {
            return false;
        }

        if (contract.Constructor is { } constructor && !IsTrivialConstructor(constructor, 0))
        {
            return true;
        }

        foreach (var member in contract.Members)
        {
            if (member.ParameterIndex < 0 && member.Member is PropertyInfo property && !IsTrivialSetter(type, property.SetMethod!))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsTrivialSetter(Type type, MethodInfo setter)
    {
        // A virtual setter runs the override the constructed type has, which may be declared below the property's type.
        if (setter.IsVirtual)
        {
            var definition = setter.GetBaseDefinition();
            foreach (var candidate in type.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            {
                if (candidate.Name == setter.Name && candidate.GetBaseDefinition() == definition)
                {
                    setter = candidate;
                    break;
                }
            }
        }

        var il = setter.GetMethodBody()?.GetILAsByteArray();
        if (il is null)
        {
            return false;
        }

        // ldarg.0, ldarg.1, stfld <field>, ret, with nops (a debug build's) anywhere between.
        int i = SkipNops(il, 0);
        foreach (byte op in (ReadOnlySpan<byte>)[0x02, 0x03, 0x7D, 0x2A])
        {
            if (i >= il.Length || il[i] != op)
            {
                return false;
            }

            i = SkipNops(il, i + (op == 0x7D ? 5 : 1));
        }

        return i == il.Length;
    }

    private static int SkipNops(byte[] il, int i)
    {
        while (i < il.Length && il[i] == 0x00)
        {
            i++;
        }

        return i;
    }

    private static bool IsTrivialConstructor(ConstructorInfo constructor, int chain)
    {
        var declaring = constructor.DeclaringType!;
        if (declaring == typeof(object) || declaring == typeof(ValueType))
        {
            return true;
        }

        var body = constructor.GetMethodBody();
        if (body is null || chain > MaxChain || body.ExceptionHandlingClauses.Count > 0)
        {
            return false;
        }

        var il = body.GetILAsByteArray()!;
        var module = constructor.Module;
        var typeArguments = declaring.IsGenericType ? declaring.GetGenericArguments() : null;
        for (int i = 0; i < il.Length;)
        {
            short value = il[i] == 0xFE && i + 1 < il.Length ? (short)(0xFE00 | il[i + 1]) : il[i];
            if (!OpCodesByValue.TryGetValue(value, out var code))
            {
                return false;
            }

            int operand = i + code.Size;
            i = operand + OperandSize(code.OperandType);
            if (i > il.Length)
            {
                return false;
            }

            if (code.Value == OpCodes.Ldsfld.Value)
            {
                // A static field of a user type can run that type's static constructor; .NET's (string.Empty) cannot.
                if (module.ResolveField(BitConverter.ToInt32(il, operand), typeArguments, null)?.DeclaringType?.Assembly != typeof(object).Assembly)
                {
                    return false;
                }
            }
            else if (code.Value == OpCodes.Call.Value)
            {
                // Only a base (or this type's other) constructor that qualifies in turn.
                if (module.ResolveMethod(BitConverter.ToInt32(il, operand), typeArguments, null) is not ConstructorInfo called
                    || !called.DeclaringType!.IsAssignableFrom(declaring)
                    || !IsTrivialConstructor(called, chain + 1))
                {
                    return false;
                }
            }
            else if (!IsStoreOrLoad(code))
            {
                return false;
            }
        }

        return true;
    }

    private static bool IsStoreOrLoad(OpCode code)
        => code.Value == OpCodes.Nop.Value || code.Value == OpCodes.Ret.Value || code.Value == OpCodes.Ldnull.Value
            || code.Value == OpCodes.Ldstr.Value || code.Value == OpCodes.Stfld.Value || IsLoadArgument(code) || IsLoadConstant(code);

    private static bool IsLoadArgument(OpCode code)
        => code.Value == OpCodes.Ldarg_0.Value || code.Value == OpCodes.Ldarg_1.Value || code.Value == OpCodes.Ldarg_2.Value
            || code.Value == OpCodes.Ldarg_3.Value || code.Value == OpCodes.Ldarg_S.Value || code.Value == OpCodes.Ldarg.Value;

    private static bool IsLoadConstant(OpCode code)
        => (code.Value >= OpCodes.Ldc_I4_M1.Value && code.Value <= OpCodes.Ldc_R8.Value) || code.Value == OpCodes.Conv_I8.Value;

    private static int OperandSize(OperandType type) => type switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        OperandType.InlineSwitch => int.MaxValue / 2, // never trivial; stops the scan
        _ => 4,
    };
}
