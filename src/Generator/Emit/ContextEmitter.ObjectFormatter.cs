using System.Collections.Generic;
using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>The formatter class of an object type: its members in order, each step written by its own partial file.</summary>
internal static partial class ContextEmitter
{
    private static void EmitObjectFormatter(SourceWriter writer, TypeModel type, string className, Dictionary<string, string> names)
    {
        var contract = type.Object!;
        bool hasHeader = contract.FixedLength < 0;
        var accessors = PlanAccessors(type);

        writer.WriteLine("// Writes and reads " + type.Name + " as Pack's run-time generated code does.");
        writer.WriteLine("private sealed class " + className + " : global::Pack.Formatters.PackBufferWriterFormatter<" + type.Name + ">");
        writer.OpenBlock();
        if (hasHeader && !type.IsValueType)
        {
            writer.WriteLine("private static readonly long InstanceSize = " + InstanceSize(contract.InstanceFields) + ";");
            writer.WriteLine();
        }

        if (!hasHeader)
        {
            writer.WriteLine("public override int MinimumLength => " + Number(contract.FixedLength) + ";");
            writer.WriteLine();
        }

        if (type.IsValueType)
        {
            EmitLayout(writer, type, names);
        }

        EmitSerialize(writer, type);
        EmitDeserialize(writer, type);
        EmitAccessors(writer, type, accessors);
        writer.CloseBlock();
    }

    /// <summary>A value of the formatted type as a parameter or return type: nullable for a class.</summary>
    private static string ValueType(TypeModel type) => type.IsValueType ? type.Name : type.Name + "?";

    /// <summary>
    /// Says whether the struct may be copied as raw memory (PackTypeInfo asks once per type): what LayoutRules decided at
    /// compile time and, for a candidate, the facts the compiler cannot measure checked without reflection (a
    /// little-endian host, the struct's size equal to its wire length, each field at its wire offset, nested structs blittable).
    /// </summary>
    private static void EmitLayout(SourceWriter writer, TypeModel type, Dictionary<string, string> names)
    {
        var contract = type.Object!;
        if (contract.Layout == BlittableLayout.No)
        {
            writer.WriteLine("public override bool? HasBlittableLayout => false;");
            writer.WriteLine();
            return;
        }

        if (contract.Layout != BlittableLayout.Candidate)
        {
            return;
        }

        writer.WriteLine("// Checked once; a constant to the optimizing JIT, which then keeps only one of the two paths below.");
        writer.WriteLine("private static readonly bool Blittable = IsBlittableLayout();");
        writer.WriteLine();
        writer.WriteLine("public override bool? HasBlittableLayout => Blittable;");
        writer.WriteLine();
        writer.WriteLine("internal static bool IsBlittableLayout()");
        writer.OpenBlock();
        writer.WriteLine("if (!global::System.BitConverter.IsLittleEndian || " + Unsafe + ".SizeOf<" + type.Name + ">() != " + Number(contract.FixedLength) + ")");
        writer.OpenBlock();
        writer.WriteLine("return false;");
        writer.CloseBlock();
        writer.WriteLine();
        writer.WriteLine(type.Name + " probe = default;");
        writer.WriteLine("ref byte start = ref " + Unsafe + ".As<" + type.Name + ", byte>(ref probe);");
        var conditions = new List<string>();
        var members = contract.Members;
        for (int i = 0; i < members.Count; i++)
        {
            var member = members[i];
            string field = member.StorageAccessible
                ? $"{Unsafe}.AsRef(in probe.{Identifier(member.StorageField!)})"
                : AccessPrefix(type, contract.Generic) + "Storage" + Number(i) + "(ref probe)";
            conditions.Add($"{Unsafe}.ByteOffset(ref start, ref {Unsafe}.As<{member.TypeName}, byte>(ref {field})) == {Number(member.LayoutOffset)}");
            if (member.NestedLayout is { } nested)
            {
                conditions.Add(names[nested] + ".IsBlittableLayout()");
            }
        }

        for (int c = 0; c < conditions.Count; c++)
        {
            string line = (c == 0 ? "return " : "    && ") + conditions[c] + (c == conditions.Count - 1 ? ";" : string.Empty);
            writer.WriteLine(line);
        }

        writer.CloseBlock();
        writer.WriteLine();
    }

    /// <summary>The length of the run of plain members (memory image = wire form) starting at <paramref name="start"/>, and its size in bytes.</summary>
    private static int CountPlainRun(EquatableArray<MemberModel> members, int start, bool includeBool, out int size)
    {
        int length = 0;
        size = 0;
        while (start + length < members.Count && (includeBool || !members[start + length].IsBoolean) && members[start + length].PlainSize > 0)
        {
            size += members[start + length].PlainSize;
            length++;
        }

        return length;
    }
}
