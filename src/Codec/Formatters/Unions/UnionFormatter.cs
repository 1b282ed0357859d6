using System.Diagnostics.CodeAnalysis;
using Pack.Formatters.Contracts;

namespace Pack.Formatters.Unions;

/// <summary>
/// Writes a polymorphic value declared with <see cref="PackUnionAttribute"/> (or integer
/// <see cref="System.Text.Json.Serialization.JsonDerivedTypeAttribute"/> discriminators, see <see cref="UnionDeclaration"/>):
/// a 16-bit tag (0xFFFF for null) followed by the concrete type's own encoding.
/// </summary>
/// <typeparam name="T">The union's abstract base class or interface.</typeparam>
internal sealed class UnionFormatter<T> : PackFormatter<T>
{
    private const ushort NullTag = 0xFFFF;

    private readonly PackUnionCase<T>[] _cases;

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public UnionFormatter()
        : this(CreateCases())
    {
    }

    /// <summary>Creates the formatter from cases built without reflection (by generated code), validated as the declared ones are.</summary>
    public UnionFormatter(PackUnionCase<T>[] cases)
    {
        var declared = new KeyValuePair<ushort, Type>[cases.Length];
        for (int i = 0; i < cases.Length; i++)
        {
            declared[i] = new KeyValuePair<ushort, Type>(cases[i].Tag, cases[i].Type);
        }

        // The rules the generator applied at compile time, applied again here to what the generated code passes.
        CheckCases(declared);
        _cases = (PackUnionCase<T>[])cases.Clone();
    }

    private static void CheckCases(KeyValuePair<ushort, Type>[] cases)
        => UnionRules.CheckCases(typeof(T).ToString(), cases, static type => typeof(T).IsAssignableFrom(type) && !type.IsAbstract && !type.IsInterface, static (a, b) => a == b, static type => type.ToString());

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static PackUnionCase<T>[] CreateCases()
    {
        var declared = UnionDeclaration.GetCases(typeof(T));
        var pairs = new KeyValuePair<ushort, Type>[declared.Length];
        for (int i = 0; i < declared.Length; i++)
        {
            pairs[i] = new KeyValuePair<ushort, Type>(declared[i].Tag, declared[i].Type);
        }

        // Checked before a case's UnionCaseOf<T, TCase> is made, whose constraint a case not deriving from T would break.
        CheckCases(pairs);
        var cases = new PackUnionCase<T>[declared.Length];
        for (int i = 0; i < declared.Length; i++)
        {
            var (tag, type) = declared[i];
            cases[i] = (PackUnionCase<T>)Activator.CreateInstance(typeof(UnionCaseOf<,>).MakeGenericType(typeof(T), type), tag)!;
        }

        return cases;
    }

    /// <inheritdoc/>
    public override int MinimumLength => 2;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
    {
        if (value is null)
        {
            writer.WriteUInt16(NullTag);
            return;
        }

        var type = value.GetType();
        foreach (var unionCase in _cases)
        {
            if (unionCase.Type == type)
            {
                writer.WriteUInt16(unionCase.Tag);
                unionCase.Serialize(ref writer, value);
                return;
            }
        }

        PackThrowHelper.ThrowUnionTypeNotRegistered(typeof(T), type);
    }

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader)
    {
        int offset = reader.Position;
        ushort tag = reader.ReadUInt16();
        if (tag == NullTag)
        {
            return default;
        }

        foreach (var unionCase in _cases)
        {
            if (unionCase.Tag == tag)
            {
                int caseOffset = reader.Position;
                var value = unionCase.Deserialize(ref reader);
                if (value is null)
                {
                    PackThrowHelper.ThrowUnexpectedNull(caseOffset, $"case of union {typeof(T).Name}");
                }

                return value;
            }
        }

        PackThrowHelper.ThrowUnknownUnionTag(offset, typeof(T).Name, tag);
        return default;
    }
}
