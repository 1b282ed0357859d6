namespace Pack;

public static partial class PackSerializer
{
    /// <summary>
    /// Registers a resolver (typically a source-generated <see cref="PackSerializerContext"/>) for the whole process.
    /// Setting <see cref="PackSerializerOptions.Resolvers"/> does the same for each of its resolvers.
    /// </summary>
    /// <param name="resolver">The resolver.</param>
    /// <remarks>
    /// Registered formatters are preferred over run-time generated code for every type that has not been used yet; a
    /// type already used keeps its formatter, which writes the same bytes. Where code cannot be generated at run time
    /// (Native AOT), a type used before its resolver was registered picks the resolver up on its next use.
    /// </remarks>
    public static void AddResolver(IPackFormatterResolver resolver)
    {
        ArgumentNullException.ThrowIfNull(resolver);
        PackFormatterResolvers.Add(resolver);
    }
}
