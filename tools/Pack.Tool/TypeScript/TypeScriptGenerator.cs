using System.Text;
using Pack.Schema;
using Pack.Tool.Codegen;

namespace Pack.Tool.TypeScript;

/// <summary>
/// <c>pack ts</c>: TypeScript from a Pack schema (docs/schema.md), for the <c>@pack/client</c> runtime in
/// clients/typescript. It writes interfaces, and per type <c>decodeX</c>/<c>encodeX</c> payload functions (plain exported
/// functions, so a bundler drops what a page does not use) over the descriptors the runtime builds its codecs from, and
/// each root's wire and contract fingerprints as constants. The input is a <c>pack-schema/1</c> document or a
/// <c>pack-schema-set/1</c> (whose recorded fingerprints are checked); types are merged across the set's schemas by
/// their label (§1.2), so a type shared by several roots is emitted once. The work is a model of the set
/// (<see cref="TypeScriptModel"/>), its names (<see cref="TypeScriptNames"/>) and an emitter on an indenting writer
/// (<see cref="TypeScriptEmitter"/>, <see cref="TypeScriptWriter"/>).
/// </summary>
public sealed class TypeScriptGenerator
{
    /// <summary>Creates a generator.</summary>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    public TypeScriptGenerator(TypeScriptGeneratorOptions? options = null)
    {
        Options = options ?? new TypeScriptGeneratorOptions();
    }

    /// <summary>The options.</summary>
    public TypeScriptGeneratorOptions Options { get; }

    /// <summary>Generates the TypeScript for a schema or schema set.</summary>
    /// <param name="schemaJson">The JSON text of a <c>pack-schema/1</c> or <c>pack-schema-set/1</c> document.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>File name (relative to the output folder) → content.</returns>
    /// <exception cref="FormatException">The schema is malformed, or a recorded fingerprint does not match its schema.</exception>
    public static IReadOnlyDictionary<string, string> Generate(string schemaJson, TypeScriptGeneratorOptions? options = null)
    {
        // PackSchemaSet reads a schema or a set and checks recorded fingerprints: the codec's rulebook, not a copy.
        return Generate(PackSchemaSet.Parse(schemaJson), options);
    }

    /// <summary>Generates the TypeScript for a schema set (for example one <c>pack schema export</c> wrote or <c>MapPackSchema</c> serves).</summary>
    /// <param name="schemas">The schemas; each is a root.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>File name (relative to the output folder) → content.</returns>
    /// <exception cref="FormatException">A schema is a wire form (it has no names to generate from).</exception>
    public static IReadOnlyDictionary<string, string> Generate(PackSchemaSet schemas, TypeScriptGeneratorOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(schemas);
        return new TypeScriptGenerator(options).Generate(schemas);
    }

    /// <summary>Generates the TypeScript for a schema and writes it into a folder (created if missing).</summary>
    /// <param name="schemaJson">The schema JSON text.</param>
    /// <param name="outputDirectory">The folder.</param>
    /// <param name="options">Options; <see langword="null"/> for the defaults.</param>
    /// <returns>The paths written.</returns>
    public static IReadOnlyList<string> WriteTo(string schemaJson, string outputDirectory, TypeScriptGeneratorOptions? options = null)
    {
        Directory.CreateDirectory(outputDirectory);
        var written = new List<string>();
        foreach (var (name, text) in Generate(schemaJson, options))
        {
            var path = Path.Combine(outputDirectory, name);
            File.WriteAllText(path, text, new UTF8Encoding(false));
            written.Add(path);
        }

        return written;
    }

    private Dictionary<string, string> Generate(PackSchemaSet schemas)
        => new(StringComparer.Ordinal) { [Options.FileName] = TypeScriptEmitter.Generate(TypeScriptModel.Build(ContractModel.Build(schemas)), Options.RuntimeModule) };
}
