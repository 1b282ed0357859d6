using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>
/// The deserialize step: the raw copy of a blittable struct, the header, each member present (evolution: older writers
/// send fewer) into a local, the end; then the construct step builds the value from the locals.
/// </summary>
internal static partial class ContextEmitter
{
    private static void EmitDeserialize(SourceWriter writer, TypeModel type)
    {
        var contract = type.Object!;
        var members = contract.Members;
        bool hasHeader = contract.FixedLength < 0;
        writer.WriteLine("public override " + ValueType(type) + " Deserialize(ref global::Pack.PackReader reader)");
        writer.OpenBlock();
        if (type.IsValueType && contract.Layout == BlittableLayout.Candidate)
        {
            string length = Number(contract.FixedLength);
            writer.WriteLine("if (Blittable)");
            writer.OpenBlock();
            writer.WriteLine(type.Name + " copy = " + Unsafe + ".ReadUnaligned<" + type.Name + ">(ref reader.GetSpanReference(" + length + "));");
            writer.WriteLine("reader.Advance(" + length + ");");
            writer.WriteLine("return copy;");
            writer.CloseBlock();
            writer.WriteLine();
        }

        if (hasHeader)
        {
            if (type.IsValueType)
            {
                writer.WriteLine("int end = reader.ReadObjectStart(" + Literal(type.ShortName) + ", out int memberCount);");
            }
            else
            {
                writer.WriteLine("if (!reader.TryReadObjectStart(out int end, out int memberCount))");
                writer.OpenBlock();
                writer.WriteLine("return null;");
                writer.CloseBlock();
                writer.WriteLine();
                writer.WriteLine("// The instance is charged to the read's allocation budget, as the run-time path does.");
                writer.WriteLine("reader.ChargeAllocation(InstanceSize);");
            }
        }

        // Members absent from an older payload keep their constructor parameter's default, as the run-time path loads it.
        for (int i = 0; i < members.Count; i++)
        {
            var member = members[i];
            string initial = hasHeader && member.DefaultValue is { } constant ? Constant(constant, member.TypeName) : "default!";
            writer.WriteLine(member.TypeName + " m" + Number(i) + " = " + initial + ";");
        }

        writer.WriteLine("int count = " + (hasHeader ? "0" : Number(members.Count)) + ";");
        bool usesDone = false;
        for (int i = 0; i < members.Count;)
        {
            int runLength = CountPlainRun(members, i, includeBool: false, out int runSize);
            if (runLength >= 2)
            {
                string size = Number(runSize);
                writer.WriteLine(hasHeader
                    ? "if (global::System.BitConverter.IsLittleEndian && reader.HasMemberRun(end, memberCount, " + Number(i + runLength - 1) + ", " + size + "))"
                    : "if (global::System.BitConverter.IsLittleEndian)");
                writer.OpenBlock();
                writer.WriteLine("ref byte source = ref reader.GetSpanReference(" + size + ");");
                int offset = 0;
                for (int k = i; k < i + runLength; k++)
                {
                    string from = offset == 0 ? "ref source" : $"ref {Unsafe}.Add(ref source, {Number(offset)})";
                    writer.WriteLine("m" + Number(k) + " = " + Unsafe + ".ReadUnaligned<" + members[k].TypeName + ">(" + from + ");");
                    offset += members[k].PlainSize;
                }

                writer.WriteLine("reader.Advance(" + size + ");");
                if (hasHeader)
                {
                    writer.WriteLine("reader.CheckMemberEnd(end);");
                    writer.WriteLine("count = " + Number(i + runLength) + ";");
                }

                writer.CloseBlock();
                writer.WriteLine("else");
                writer.OpenBlock();
                for (int k = i; k < i + runLength; k++)
                {
                    usesDone |= EmitReadMember(writer, members[k], k, hasHeader);
                }

                writer.CloseBlock();
                i += runLength;
                continue;
            }

            usesDone |= EmitReadMember(writer, members[i], i, hasHeader);
            i++;
        }

        if (usesDone)
        {
            writer.WriteLine();
            writer.WriteLabel("done:");
        }

        if (hasHeader)
        {
            writer.WriteLine("reader.ReadObjectEnd(end, memberCount, " + Number(members.Count) + ");");
        }

        EmitConstruct(writer, type);
        writer.WriteLine();
        writer.WriteLine("return result;");
        writer.CloseBlock();
    }

    /// <summary>Reads member <paramref name="index"/> if it was written (evolution), checking it stays inside the object; returns whether it jumps to <c>done</c>.</summary>
    private static bool EmitReadMember(SourceWriter writer, MemberModel member, int index, bool hasHeader)
    {
        string i = Number(index);
        string read = ContractRules.PrimitiveMethodSuffix(member.Primitive ?? string.Empty) is { } name ? $"reader.Read{name}()" : $"reader.ReadValue<{member.TypeName}>()";
        if (!hasHeader)
        {
            writer.WriteLine("m" + i + " = " + read + ";");
            return false;
        }

        writer.WriteLine("if (!reader.HasMember(end, memberCount, " + i + "))");
        writer.OpenBlock();
        writer.WriteLine("goto done;");
        writer.CloseBlock();
        writer.WriteLine();
        writer.WriteLine("m" + i + " = " + read + ";");
        writer.WriteLine("reader.CheckMemberEnd(end);");
        writer.WriteLine("count = " + Number(index + 1) + ";");
        return true;
    }
}
