using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>The serialize step: the header, the members in wire order (runs of plain members stored at once), the end.</summary>
internal static partial class ContextEmitter
{
    private static void EmitSerialize(SourceWriter writer, TypeModel type)
    {
        // PackSerializer writes through PackWriter<IBufferWriter<byte>>: that writer gets a non-generic copy of the body,
        // because a generic method over a reference type runs as shared code, which would look up the writer's methods
        // at run time where the IL path (emitted per writer type) calls them directly.
        writer.WriteLine("public override void Serialize<TBufferWriter>(ref global::Pack.PackWriter<TBufferWriter> writer, " + ValueType(type) + " value)");
        writer.OpenBlock();
        writer.WriteLine("if (typeof(TBufferWriter) == typeof(global::System.Buffers.IBufferWriter<byte>))");
        writer.OpenBlock();
        writer.WriteLine("SerializeToBufferWriter(ref " + Unsafe + ".As<global::Pack.PackWriter<TBufferWriter>, global::Pack.PackWriter<global::System.Buffers.IBufferWriter<byte>>>(ref writer), value);");
        writer.WriteLine("return;");
        writer.CloseBlock();
        writer.WriteLine();
        EmitSerializeBody(writer, type);
        writer.CloseBlock();
        writer.WriteLine();

        // PackSerializer and the collections call this one through a delegate bound once (PackWriterCache), not through
        // the generic virtual Serialize<TBufferWriter> and its type test. The body is written here, not forwarded to a
        // helper: the JIT sizes a method's inlining budget by the method it compiles, so a one-line forwarder that
        // inlines the body leaves too little budget for the writer's own inlinees (the second string's encoder, the
        // object end), where the IL path's emitted method, compiled as the root, inlines them all.
        writer.WriteLine("public override void SerializeToBufferWriter(ref global::Pack.PackWriter<global::System.Buffers.IBufferWriter<byte>> writer, " + ValueType(type) + " value)");
        writer.OpenBlock();
        EmitSerializeBody(writer, type);
        writer.CloseBlock();
        writer.WriteLine();
    }

    private static void EmitSerializeBody(SourceWriter writer, TypeModel type)
    {
        var contract = type.Object!;
        var members = contract.Members;
        bool hasHeader = contract.FixedLength < 0;
        if (!type.IsValueType)
        {
            writer.WriteLine("if (value is null)");
            writer.OpenBlock();
            writer.WriteLine("writer.WriteNullObject();");
            writer.WriteLine("return;");
            writer.CloseBlock();
            writer.WriteLine();
        }

        if (type.IsValueType && contract.Layout == BlittableLayout.Candidate)
        {
            // A struct inside an object or collection: one store, as the IL path's BlittableFormatter writes it.
            string length = Number(contract.FixedLength);
            writer.WriteLine("if (Blittable)");
            writer.OpenBlock();
            writer.WriteLine(Unsafe + ".WriteUnaligned(ref writer.GetSpanReference(" + length + "), value);");
            writer.WriteLine("writer.Advance(" + length + ");");
            writer.WriteLine("return;");
            writer.CloseBlock();
            writer.WriteLine();
        }

        if (hasHeader)
        {
            writer.WriteLine("long token = writer.WriteObjectStart(" + Number(members.Count) + ");");
        }

        for (int i = 0; i < members.Count;)
        {
            int runLength = CountPlainRun(members, i, includeBool: true, out int runSize);
            if (runLength >= 2)
            {
                writer.WriteLine("if (global::System.BitConverter.IsLittleEndian)");
                writer.OpenBlock();
                writer.WriteLine("ref byte destination = ref writer.GetSpanReference(" + Number(runSize) + ");");
                int offset = 0;
                for (int k = i; k < i + runLength; k++)
                {
                    string target = offset == 0 ? "ref destination" : $"ref {Unsafe}.Add(ref destination, {Number(offset)})";
                    string get = Getter(type, members[k], k);
                    string stored = members[k].IsBoolean ? $"(byte)({get} ? 1 : 0)" : get;
                    writer.WriteLine(Unsafe + ".WriteUnaligned(" + target + ", " + stored + ");");
                    offset += members[k].PlainSize;
                }

                writer.WriteLine("writer.Advance(" + Number(runSize) + ");");
                writer.CloseBlock();
                writer.WriteLine("else");
                writer.OpenBlock();
                for (int k = i; k < i + runLength; k++)
                {
                    writer.WriteLine(WriteStatement(members[k], Getter(type, members[k], k)));
                }

                writer.CloseBlock();
                i += runLength;
                continue;
            }

            writer.WriteLine(WriteStatement(members[i], Getter(type, members[i], i)));
            i++;
        }

        if (hasHeader)
        {
            writer.WriteLine("writer.WriteObjectEnd(token);");
        }
    }

    private static string WriteStatement(MemberModel member, string get)
        => ContractRules.PrimitiveMethodSuffix(member.Primitive ?? string.Empty) is { } name ? $"writer.Write{name}({get});" : $"writer.WriteValue<{member.TypeName}>({get});";
}
