namespace Pack.Formatters.Unions;

/// <summary>The case of <typeparamref name="TUnion"/> whose concrete type is <typeparamref name="TCase"/>.</summary>
/// <typeparam name="TUnion">The union's base type.</typeparam>
/// <typeparam name="TCase">The concrete type.</typeparam>
internal sealed class UnionCaseOf<TUnion, TCase> : PackUnionCase<TUnion>
    where TCase : TUnion
{
    public UnionCaseOf(ushort tag)
        : base(tag, typeof(TCase))
    {
    }

    internal override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, TUnion value)
        => PackWriterCache<TCase, TBufferWriter>.Method(ref writer, (TCase)value!);

    internal override TUnion? Deserialize(ref PackReader reader)
        => PackFormatterCache<TCase>.Formatter.Deserialize(ref reader);
}
