using System.Collections.Generic;
using System.Globalization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>C# spellings of the model's values: literals, identifiers, constants and the instance size.</summary>
internal static partial class ContextEmitter
{
    public static string Literal(string text) => SymbolDisplay.FormatLiteral(text, quote: true);

    public static string Identifier(string name) => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None ? "@" + name : name;

    private static string Number(int value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>A constructor parameter's default value as a C# expression of the member's type, as ObjectEmitter.EmitConstant loads it.</summary>
    private static string Constant(ConstantModel constant, string typeName)
    {
        object value = constant.Value;
        string literal = constant.Type switch
        {
            SpecialType.System_Single => FloatLiteral(System.Convert.ToDouble(value, CultureInfo.InvariantCulture), "float"),
            SpecialType.System_Double => FloatLiteral(System.Convert.ToDouble(value, CultureInfo.InvariantCulture), "double"),
            _ => SymbolDisplay.FormatPrimitive(value, quoteStrings: true, useHexadecimalNumbers: false),
        };

        return value is char c ? $"({typeName})({((int)c).ToString(CultureInfo.InvariantCulture)})" : $"({typeName})({literal})";
    }

    private static string FloatLiteral(double value, string keyword)
    {
        if (double.IsNaN(value))
        {
            return $"{keyword}.NaN";
        }

        if (double.IsInfinity(value))
        {
            return value > 0 ? $"{keyword}.PositiveInfinity" : $"{keyword}.NegativeInfinity";
        }

        return value.ToString("R", CultureInfo.InvariantCulture) + (keyword == "float" ? "f" : "d");
    }

    /// <summary>The heap size of one instance as TypeLayout.InstanceSize computes it: header, method table and every instance field, 8-byte aligned.</summary>
    private static string InstanceSize(EquatableArray<InstanceFieldModel> fields)
    {
        var terms = new List<string> { "2 * global::System.IntPtr.Size" };
        foreach (var field in fields)
        {
            terms.Add(field.Kind switch
            {
                InstanceFieldKind.Reference => "global::System.IntPtr.Size",
                InstanceFieldKind.Struct => $"global::System.Runtime.CompilerServices.Unsafe.SizeOf<{field.TypeName}>()",

                // GetField with constant arguments keeps the field under trimming.
                InstanceFieldKind.UnnamedStruct => $"global::System.Runtime.CompilerServices.RuntimeHelpers.SizeOf(typeof({field.TypeName}).GetField({Literal(field.Name!)}, "
                    + "global::System.Reflection.BindingFlags.Instance | global::System.Reflection.BindingFlags.Public | global::System.Reflection.BindingFlags.NonPublic | global::System.Reflection.BindingFlags.DeclaredOnly)!.FieldType.TypeHandle)",
                _ => "8",
            });
        }

        return $"global::System.Math.Max(24L, ((long)({string.Join(" + ", terms)}) + 7) & ~7L)";
    }
}
