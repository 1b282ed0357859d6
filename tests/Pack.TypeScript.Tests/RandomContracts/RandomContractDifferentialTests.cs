extern alias tool;

using System.Diagnostics;
using System.Globalization;
using System.Reflection;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tests.GoldenVectors;
using tool::Pack.Tool.TypeScript;
using Pack.TypeScript.Tests.Differential;
using Xunit.Abstractions;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// The differential check over random contract <em>types</em>: from a seed, <see cref="RandomContractGenerator"/> makes
/// C# declarations (classes, records, structs, enums, unions, every primitive, nullables, collections, [PackOrder],
/// defaults, classes deriving from generic classes with non-public, init or required setters), which are compiled in memory twice (<see cref="ContractCompiler"/>): as plain types for the run-time path
/// and with the source generator's context. For each root type: the run-time schema (<c>PackSchema.For</c>) and the
/// generated one (<c>GetGeneratedSchema</c>) must be identical; random values (<see cref="RandomValues"/>) must encode
/// to the same bytes on both paths and read back to the same §14 JSON on both, in <c>pack inspect</c>'s
/// <see cref="SchemaDecoder"/>, and in the TypeScript client (interpreted codecs and the code <c>pack ts</c> generates
/// from the schema set, one Node process per batch), which must also encode what it read to the same bytes; mutated
/// payloads (<see cref="PayloadMutator"/>) must get the same verdict from all five readers. <c>PACK_RANDTYPES_SEED</c>
/// and <c>PACK_RANDTYPES_COUNT</c> (declarations, default 100) run longer hunts.
/// </summary>
public sealed class RandomContractDifferentialTests(TypeScriptToolchain toolchain, ITestOutputHelper output) : IClassFixture<TypeScriptToolchain>
{
    private const int DefaultSeed = 20261128;
    private const int DefaultCount = 100;
    private const int BatchSize = 50;
    private const int ValuesPerRoot = 5;
    private const int ShownDivergences = 12;
    private const int LargePayload = 4096;
    private const long MutationBudget = 4_000_000;

    private static int s_assemblies;

    [Fact]
    public void RandomContracts_EveryReaderAndWriter_Agree()
    {
        toolchain.RequireBuild();
        int seed = DifferentialNode.Setting("PACK_RANDTYPES_SEED", DefaultSeed);
        int count = DifferentialNode.Setting("PACK_RANDTYPES_COUNT", DefaultCount);
        var clock = Stopwatch.StartNew();
        var run = new Run();
        for (int batch = 0; batch * BatchSize < count; batch++)
        {
            RunBatch(seed, batch, Math.Min(BatchSize, count - (batch * BatchSize)), run);
        }

        string summary = string.Create(
            CultureInfo.InvariantCulture,
            $"seed {seed}, {count} random declarations ({run.Declarations} with union cases: {string.Join(", ", run.Kinds.OrderBy(k => k.Key).Select(k => $"{k.Value} {k.Key}"))}), "
            + $"{run.Roots} roots ({run.ContractFormsUnknown} without a compile-time contract form); {run.Values} values ({run.NotMutated} too large to mutate), {run.Mutants} mutated inputs: "
            + $".NET accepted {run.Accepted}, rejected {run.Rejected}; {run.GeneratedTypeScript} through generated TypeScript, {run.Reencoded} TypeScript re-encodings compared; {run.ForbiddenNulls} read by .NET with null at a ! position (generated TypeScript must reject); "
            + $"rejected at different offsets within the payload: {run.OffsetsDiffer}; "
            + $"Roslyn {run.CompileTime.TotalSeconds:0.0} s, tsc --strict of {run.TscModules} generated modules {run.TscTime.TotalSeconds:0.0} s, Node {run.NodeTime.TotalSeconds:0.0} s, total {clock.Elapsed.TotalSeconds:0.0} s");
        output.WriteLine(summary);
        output.WriteLine($"shapes: {string.Join(", ", run.Shapes.Select(s => $"{s.Value} {s.Key}"))}; {run.Primitives.Count} primitives: {string.Join(" ", run.Primitives.Order(StringComparer.Ordinal))}");
        output.WriteLine($"without a compile-time contract form: {string.Join(", ", run.NoContractForm.Take(40))}");

        Assert.True(
            run.Divergences.Count == 0,
            $"The implementations disagree ({summary}).\nBy kind:\n{string.Join("\n", run.Groups.OrderByDescending(g => g.Value).Select(g => $"  {g.Value,6}  {g.Key}"))}\n"
            + $"First {Math.Min(ShownDivergences, run.Divergences.Count)}:\n{string.Join("\n", run.Divergences.Take(ShownDivergences))}\nRerun with PACK_RANDTYPES_SEED={seed} PACK_RANDTYPES_COUNT={count}.");

        // Teeth: many shapes, roots and values, both verdicts plenty, the generated TypeScript really run.
        Assert.True(run.Declarations >= count && run.Kinds.Count >= 7, summary);
        Assert.True(run.Primitives.Count == RandomContractGenerator.Primitives.Count && run.Shapes.Count >= 18, string.Join(", ", run.Shapes.Keys));
        Assert.True(
            new[] { "closed generic", "[DataContract]", "[PackConstructor]", "[JsonConstructor]", "unmarked constructor", "non-public, init or required setter", "Nullable default" }.All(run.Shapes.ContainsKey),
            string.Join(", ", run.Shapes.Keys));
        Assert.True(run.Roots >= count, summary);
        Assert.True(run.Values >= 4 * count && run.Accepted >= 2 * run.Values && run.Rejected >= 2 * run.Values, summary);
        Assert.True(run.GeneratedTypeScript >= run.Values + run.Mutants - 1, summary);
        Assert.True(run.Reencoded >= run.Values, summary);
    }

    [Fact]
    public void AbsentStructMemberWithNonNullableReference_GeneratedTypeScriptRejectsWhereDotNetGivesTheZeroStruct()
    {
        // Found by the random check (seed 1): a member whose type is a struct object with a `!` string, absent from an
        // older writer's payload, read as the zero struct (Name null) in generated TypeScript, which then could not
        // write what it had read. docs/schema.md §6: that absence is a decode error, as for an absent `!` reference.
        toolchain.RequireBuild();
        var named = new ContractDeclaration("Named", DeclarationKind.Struct);
        named.Members.Add(new ContractMember("Name", new ContractTypeRef.Primitive("string", -1), IsField: false, Order: null, DefaultCSharp: null, DefaultJson: null));
        var loose = new ContractDeclaration("Loose", DeclarationKind.Struct);
        loose.Members.Add(new ContractMember("Note", new ContractTypeRef.Primitive("string", -1, Annotated: true), IsField: false, Order: null, DefaultCSharp: null, DefaultJson: null));
        var holder = new ContractDeclaration("Holder", DeclarationKind.Class);
        holder.Members.Add(new ContractMember("A", new ContractTypeRef.Primitive("int", 4), IsField: false, Order: null, DefaultCSharp: null, DefaultJson: null));
        holder.Members.Add(new ContractMember("Inner", new ContractTypeRef.Named(named), IsField: false, Order: null, DefaultCSharp: null, DefaultJson: null));
        holder.Members.Add(new ContractMember("Loose", new ContractTypeRef.Named(loose), IsField: false, Order: null, DefaultCSharp: null, DefaultJson: null));
        var run = new Run();

        // Top level, 1 member of 3: A = 7; Inner and Loose absent (wire-format §6.2, §11).
        byte[] older = Convert.FromHexString("feffffff010007000000");

        RunDeclarations([named, loose, holder], [new ContractTypeRef.Named(holder)], new Random(DefaultSeed), "RandomContracts.Regression.AbsentStruct", run, new() { [0] = [older] });

        output.WriteLine($"{run.Values} values, {run.Mutants} mutated inputs, {run.ForbiddenNulls} read by .NET with null at a ! position");
        Assert.True(run.Divergences.Count == 0, string.Join("\n", run.Divergences.Take(ShownDivergences)));
        Assert.True(run.ForbiddenNulls > 0 && run.GeneratedTypeScript > 0, "no payload left Inner absent");
    }

    private void RunBatch(int seed, int batch, int count, Run run)
    {
        // Not HashCode.Combine: it is seeded per process, and a seed must give the same contracts in every run.
        var random = new Random(unchecked((seed * 1_000_003) + batch) & int.MaxValue);
        var generator = new RandomContractGenerator(random, $"R{batch}T");
        generator.Generate(count);
        var declarations = generator.Declarations;
        foreach (var declaration in declarations.Where(d => !d.IsGenericDefinition))
        {
            run.Declarations++;
            run.Kinds[declaration.Kind] = run.Kinds.GetValueOrDefault(declaration.Kind) + 1;
            run.Count(declaration.Container is null ? null : "nested", declaration.JsonDerived ? "[JsonDerivedType]" : null, declaration.NonMembers.Count > 0 ? "ignored or computed" : null);
            run.Count(declaration.Members.Any(m => m.Order is not null) ? "[PackOrder]" : null, declaration.Base is { IsUnion: false } ? "derived" : null, declaration.Definition is null ? null : "closed generic");
            run.Count(declaration.Base is { Definition: not null } ? "derived from a generic class" : null, declaration.Members.Any(m => m.Setter is not null) ? "non-public, init or required setter" : null);
            run.Count(
                declaration.Constructor switch { null => null, "" => "unmarked constructor", var marked => $"[{marked.Split('.')[^1]}]" },
                declaration.DataContract ? "[DataContract]" : null,
                declaration.Members.Any(m => m.Parameter is not null && m.DefaultJson is not null) ? "constructor parameter default" : null);
            foreach (var member in declaration.Members)
            {
                run.Count(member.DefaultJson is null ? null : "default", member.DefaultJson is not null && member.Type is ContractTypeRef.NullableValue ? "Nullable default" : null);
                CountShapes(member.Type, run);
            }
        }

        RunDeclarations(declarations, Roots(declarations, random), random, $"RandomContracts.S{seed}.B{batch}", run);
    }

    /// <summary>Compiles <paramref name="declarations"/> and compares every reader and writer on random values of <paramref name="roots"/>, their mutants and the given <paramref name="inputs"/> (by root index).</summary>
    private static void RunDeclarations(
        IReadOnlyList<ContractDeclaration> declarations, List<ContractTypeRef> roots, Random random, string ns, Run run, Dictionary<int, byte[][]>? inputs = null)
    {
        int batch = Interlocked.Increment(ref s_assemblies);
        if (Environment.GetEnvironmentVariable("PACK_RANDTYPES_DUMP") is { Length: > 0 } dump)
        {
            // For a divergence: the batch's C# (the TypeScript module is written beside it by CompareTypeScript).
            Directory.CreateDirectory(dump);
            File.WriteAllText(Path.Combine(dump, ns + ".cs"), ContractCompiler.Source(ns, declarations, roots));
        }

        var compileClock = Stopwatch.StartNew();
        var runtimeAssembly = ContractCompiler.CompileAndLoad($"RandomContractsRuntime{batch}", ContractCompiler.Source(ns, declarations, null), generate: false);
        var generatedAssembly = ContractCompiler.CompileAndLoad($"RandomContractsGenerated{batch}", ContractCompiler.Source(ns, declarations, roots), generate: true);
        run.CompileTime += compileClock.Elapsed;
        var context = (PackSerializerContext)generatedAssembly.GetType($"{ns}.RandomContext", throwOnError: true)!
            .GetProperty("Default", BindingFlags.Public | BindingFlags.Static)!.GetValue(null)!;
        // Before any of the batch's types is used, so the generated formatters are the ones cached (not run-time code).
        PackSerializer.AddResolver(context);

        var values = new RandomValues(random);
        var mutator = new PayloadMutator(random);
        var parser = new WireType.Parser(JsonSerializer.SerializeToElement(new JsonArray(declarations.Where(d => !d.IsGenericDefinition).Select(d => (JsonNode)d.ToVectorType()).ToArray())));
        var cases = new List<Case>();
        var schemas = new List<PackSchema?>();
        for (int r = 0; r < roots.Count; r++)
        {
            var root = roots[r];
            var runtimeType = ClrType(root, runtimeAssembly, ns);
            var generatedType = ClrType(root, generatedAssembly, ns);
            run.Roots++;
            PackSchema schema;
            try
            {
                schema = CompareSchemas(root, runtimeType, generatedType, context, run);
            }
            catch (Exception e)
            {
                // A crash is a finding like any other: recorded, and the root left out of the TypeScript batch.
                run.Diverge($"{root.VectorName}: the schema could not be computed", $"  {root.VectorName}: {Shorten(e.ToString(), 1500)}");
                schemas.Add(null);
                continue;
            }

            schemas.Add(schema);
            var decoder = new Readers(runtimeType, generatedType, schema);
            foreach (var input in inputs?.GetValueOrDefault(r) ?? [])
            {
                run.Mutants++;
                var inputCase = new Case(r, root, "a given input", input, decoder);
                if (Check(inputCase, run) is { } inputVerdict)
                {
                    cases.Add(inputCase with { Expected = inputVerdict });
                }
            }

            for (int v = 0; v < ValuesPerRoot; v++)
            {
                var json = values.Value(root, root: true);
                if (Write(root, json, runtimeType, generatedType, run) is not { } bytes)
                {
                    continue;
                }

                run.Values++;
                var valueCase = new Case(r, root, "the value", bytes, decoder);
                if (Check(valueCase, run) is { } verdict)
                {
                    cases.Add(valueCase with { Expected = verdict });
                    var expected = ToJson(json, runtimeType);
                    if (!HasFloatKeys(root) && !Differential.CanonicalJson.Equivalent(expected, verdict.Json))
                    {
                        run.Diverge($"{root.VectorName}: .NET reads back another value", $"  {root.VectorName}: wrote {Show(expected)}\n    read back {verdict}\n    bytes {DifferentialNode.Hex(bytes)}");
                    }
                }

                var seen = new HashSet<string>(StringComparer.Ordinal) { Convert.ToHexStringLower(bytes) };
                var map = parser.Parse(root.VectorName).Map(bytes);
                if ((long)map.Slots.Count * bytes.Length > MutationBudget)
                {
                    // PayloadMutator copies the payload for every aimed mutant before it samples them: a large payload
                    // with many fields would take seconds (its value and bytes are still compared above).
                    run.NotMutated++;
                    continue;
                }

                bool large = bytes.Length > LargePayload;
                foreach (var mutant in mutator.Mutate(bytes, map, maxAimed: large ? 3 : 10, randomCount: large ? 1 : 3))
                {
                    if (!seen.Add(Convert.ToHexStringLower(mutant.Bytes)))
                    {
                        continue;
                    }

                    run.Mutants++;
                    var mutantCase = new Case(r, root, mutant.Description, mutant.Bytes, decoder);
                    if (Check(mutantCase, run) is { } mutantVerdict)
                    {
                        cases.Add(mutantCase with { Expected = mutantVerdict });
                    }
                }
            }
        }

        CompareTypeScript(declarations, roots, schemas, cases, run);
    }

    private static void CountShapes(ContractTypeRef type, Run run)
    {
        switch (type)
        {
            case ContractTypeRef.Primitive p:
                run.Primitives.Add(p.Name);
                break;
            case ContractTypeRef.NullableValue n:
                run.Count("Nullable<T>");
                CountShapes(n.Inner, run);
                break;
            case ContractTypeRef.Sequence s:
                run.Count(s.Kind.ToString());
                CountShapes(s.Element, run);
                break;
            case ContractTypeRef.Map m:
                run.Count(m.ReadOnly ? "IReadOnlyDictionary" : "Dictionary");
                CountShapes(m.Key, run);
                CountShapes(m.Value, run);
                break;
            case ContractTypeRef.Tuple t:
                run.Count(t.KeyValue ? "KeyValuePair" : t.Class ? "Tuple" : t.Items.Count == 8 ? "ValueTuple with Rest" : "ValueTuple");
                foreach (var item in t.Items)
                {
                    CountShapes(item, run);
                }

                break;
        }

        if (!type.IsValueType)
        {
            run.Count(type.Annotated ? "annotated ?" : "non-nullable !");
        }
    }

    /// <summary>Every declaration, and some of them in a list, an array, a Nullable and a dictionary.</summary>
    private static List<ContractTypeRef> Roots(IReadOnlyList<ContractDeclaration> declarations, Random random)
    {
        var roots = new List<ContractTypeRef>();
        foreach (var declaration in declarations.Where(d => !d.IsGenericDefinition))
        {
            var named = new ContractTypeRef.Named(declaration);
            roots.Add(named);
            switch (random.Next(8))
            {
                case 0:
                    roots.Add(new ContractTypeRef.Sequence(SequenceKind.List, named));
                    break;
                case 1:
                    roots.Add(new ContractTypeRef.Sequence(SequenceKind.Array, named));
                    break;
                case 2 when declaration.IsValueType:
                    roots.Add(new ContractTypeRef.NullableValue(named));
                    break;
                case 3:
                    roots.Add(new ContractTypeRef.Map(RandomContractGenerator.Primitives.Single(p => p.Name == "string"), named));
                    break;
            }
        }

        return roots;
    }

    private static Type ClrType(ContractTypeRef type, Assembly assembly, string ns) => type switch
    {
        ContractTypeRef.Primitive p => RandomValues.ClrPrimitive(p.Name)!,
        ContractTypeRef.Named { Declaration.Definition: { } definition } n => assembly.GetType($"{ns}.{definition.ClrName}`{definition.TypeParameterCount}", throwOnError: true)!
            .MakeGenericType(n.Declaration.TypeArguments.Select(a => ClrType(a, assembly, ns)).ToArray()),
        ContractTypeRef.Named n => assembly.GetType($"{ns}.{n.Declaration.ClrName}", throwOnError: true)!,
        ContractTypeRef.NullableValue n => typeof(Nullable<>).MakeGenericType(ClrType(n.Inner, assembly, ns)),
        ContractTypeRef.Sequence { Kind: SequenceKind.Array } s => ClrType(s.Element, assembly, ns).MakeArrayType(),
        ContractTypeRef.Sequence s => (s.Kind switch
        {
            SequenceKind.List => typeof(List<>),
            SequenceKind.HashSet => typeof(HashSet<>),
            SequenceKind.IReadOnlyList => typeof(IReadOnlyList<>),
            SequenceKind.ImmutableArray => typeof(System.Collections.Immutable.ImmutableArray<>),
            _ => typeof(Memory<>),
        }).MakeGenericType(ClrType(s.Element, assembly, ns)),
        ContractTypeRef.Map m => (m.ReadOnly ? typeof(IReadOnlyDictionary<,>) : typeof(Dictionary<,>)).MakeGenericType(ClrType(m.Key, assembly, ns), ClrType(m.Value, assembly, ns)),
        ContractTypeRef.Tuple { KeyValue: true } t => typeof(KeyValuePair<,>).MakeGenericType(ClrType(t.Items[0], assembly, ns), ClrType(t.Items[1], assembly, ns)),
        ContractTypeRef.Tuple t => Type.GetType($"System.{(t.Class ? "Tuple" : "ValueTuple")}`{t.Items.Count}", throwOnError: true)!.MakeGenericType(t.Items.Select(i => ClrType(i, assembly, ns)).ToArray()),
        _ => throw new InvalidOperationException(type.ToString()),
    };

    /// <summary>docs/schema.md §4.1: the generated schema constants equal what <c>PackSchema.For</c> computes at run time, for either assembly's type.</summary>
    private static PackSchema CompareSchemas(ContractTypeRef root, Type runtimeType, Type generatedType, PackSerializerContext context, Run run)
    {
        var runtime = PackSchema.For(runtimeType);
        var reflected = PackSchema.For(generatedType);
        var generated = context.GetGeneratedSchema(generatedType);
        void Differ(string what, string? a, string? b)
            => run.Diverge($"schema: {what}", $"  {root.VectorName}: {what}\n    run time  {a}\n    generated {b}");

        if (runtime.CanonicalText != reflected.CanonicalText)
        {
            Differ("PackSchema.For of the two assemblies' types", runtime.CanonicalText, reflected.CanonicalText);
        }

        if (generated is null)
        {
            Differ("the context has no generated schema", runtime.WireCanonicalText, null);
            return runtime;
        }

        if (generated.WireCanonicalText != runtime.WireCanonicalText || generated.WireFingerprint != runtime.WireFingerprint)
        {
            Differ("wire form", runtime.WireCanonicalText, generated.WireCanonicalText);
        }

        if (generated.CanonicalText is null)
        {
            run.ContractFormsUnknown++;
            run.NoContractForm.Add(root.VectorName);
        }
        else if (generated.CanonicalText != runtime.CanonicalText || generated.ContractFingerprint != runtime.ContractFingerprint)
        {
            Differ("contract form", runtime.CanonicalText, generated.CanonicalText);
        }

        return runtime;
    }

    /// <summary>The bytes of <paramref name="json"/>'s value, written by both paths, which must agree; null when they do not.</summary>
    private static byte[]? Write(ContractTypeRef root, JsonNode? json, Type runtimeType, Type generatedType, Run run)
    {
        byte[]? Serialize(Type type, out string? error)
        {
            try
            {
                error = null;
                return PackSerializer.Serialize(VectorJson.FromJson(json, type), type);
            }
            catch (Exception e)
            {
                error = e.ToString();
                return null;
            }
        }

        var runtime = Serialize(runtimeType, out string? runtimeError);
        var generated = Serialize(generatedType, out string? generatedError);
        if (runtime is null || generated is null || !runtime.AsSpan().SequenceEqual(generated))
        {
            run.Diverge(
                $"{root.VectorName}: the writers disagree",
                $"  {root.VectorName}: value {Show(json)}\n    run time  {(runtime is null ? runtimeError : DifferentialNode.Hex(runtime))}\n    generated {(generated is null ? generatedError : DifferentialNode.Hex(generated))}");
            return null;
        }

        return runtime;
    }

    /// <summary>
    /// Decodes one input with the run-time path, the generated formatters and <c>pack inspect</c>'s SchemaDecoder; they
    /// must agree (same value, or rejections within the payload). Returns the run-time verdict, which the TypeScript
    /// readers must then match, or null after a divergence.
    /// </summary>
    private static DecodeVerdict? Check(Case c, Run run)
    {
        var runtime = DotNetReaders.Serializer(c.Bytes, c.Readers.RuntimeType, rewrite: true);
        var generated = DotNetReaders.Serializer(c.Bytes, c.Readers.GeneratedType, rewrite: true);
        var inspect = DotNetReaders.Schema(c.Bytes, c.Readers.Schema);
        bool ok = true;
        if (!PayloadDifferentialTests.Agree(runtime, generated, c.Bytes.Length))
        {
            ok = false;
            run.Diverge($"{c.Root.VectorName}: .NET run time {runtime.Outcome}, .NET generated {generated.Outcome}", c.Describe(("run time", runtime), ("generated", generated)));
        }

        if (runtime.Outcome != inspect.Outcome || (inspect.Outcome == DecodeVerdict.Rejected && !(inspect.Offset >= 0 && inspect.Offset <= c.Bytes.Length)))
        {
            ok = false;
            run.Diverge($"{c.Root.VectorName}: .NET {runtime.Outcome}, SchemaDecoder (pack inspect) {inspect.Outcome}", c.Describe(("run time", runtime), ("SchemaDecoder", inspect)));
        }

        if (runtime.Outcome == DecodeVerdict.Accepted)
        {
            run.Accepted++;
        }
        else
        {
            run.Rejected++;
            run.OffsetsDiffer += runtime.Offset != generated.Offset || runtime.Offset != inspect.Offset ? 1 : 0;
        }

        return ok ? runtime : null;
    }

    private static JsonNode? ToJson(JsonNode? json, Type type) => VectorJson.ToJson(VectorJson.FromJson(json, type), type);

    /// <summary>A float-typed dictionary key or set element is written as +0.0 when zero (wire-format §5.1), so a −0.0 one does not read back as written.</summary>
    private static bool HasFloatKeys(ContractTypeRef type, int depth = 0) => depth < 12 && type switch
    {
        ContractTypeRef.Map m => IsFloat(m.Key) || HasFloatKeys(m.Value, depth + 1),
        ContractTypeRef.Sequence { Kind: SequenceKind.HashSet } s => IsFloat(s.Element),
        ContractTypeRef.Sequence s => HasFloatKeys(s.Element, depth + 1),
        ContractTypeRef.NullableValue n => HasFloatKeys(n.Inner, depth + 1),
        ContractTypeRef.Tuple t => t.Items.Any(i => HasFloatKeys(i, depth + 1)),
        ContractTypeRef.Named { Declaration: var d } => d.WireMembers.Any(m => HasFloatKeys(m.Type, depth + 1)) || d.Cases.Any(c => HasFloatKeys(new ContractTypeRef.Named(c.Case), depth + 1)),
        _ => false,
    };

    private static bool IsFloat(ContractTypeRef type) => type is ContractTypeRef.Primitive { Name: "double" or "float" or "Half" };

    /// <summary>
    /// docs/schema.md §6: a generated client rejects null at a position the contract annotates <c>!</c> (and a member
    /// whose absence would leave one null), where .NET reads it. The root is declared by no member, so it and the
    /// positions inside it (a root list's elements) are oblivious, up to the members of the objects in it (§1.4).
    /// </summary>
    internal static bool ViolatesAnnotations(JsonNode? json, ContractTypeRef type, bool oblivious)
    {
        if (json is null)
        {
            return !oblivious && type.ForbidsNull;
        }

        switch (type)
        {
            case ContractTypeRef.NullableValue n:
                return ViolatesAnnotations(json, n.Inner, oblivious);
            case ContractTypeRef.Sequence s:
                return json.AsArray().Any(e => ViolatesAnnotations(e, s.Element, oblivious));
            case ContractTypeRef.Map m:
                return json.AsArray().Any(p => ViolatesAnnotations(p![1], m.Value, oblivious));
            case ContractTypeRef.Tuple t:
                // Items are typed by type parameters: oblivious (docs/schema.md §1.4), up to the members of objects in them.
                return t.Items.Zip(t.Names).Any(i => ViolatesAnnotations(json[i.Second], i.First, oblivious: true));
            case ContractTypeRef.Named { Declaration: { Kind: DeclarationKind.Enum } }:
                return false;
            case ContractTypeRef.Named { Declaration: { IsUnion: true } union }:
                var unionCase = union.Cases.Single(c => c.Case.Name == json["case"]!.GetValue<string>()).Case;
                return ViolatesAnnotations(json["value"], new ContractTypeRef.Named(unionCase), oblivious: true);
            case ContractTypeRef.Named { Declaration: var declaration }:
                return declaration.WireMembers.Any(m => ViolatesAnnotations(json[m.Name], m.Type, oblivious: false));
            default:
                return false;
        }
    }

    /// <summary>The TypeScript client, interpreted and generated (<c>pack ts</c> of the batch's schema set), in one Node process.</summary>
    private static void CompareTypeScript(IReadOnlyList<ContractDeclaration> declarations, List<ContractTypeRef> roots, List<PackSchema?> schemas, List<Case> cases, Run run)
    {
        string directory = Path.Combine(Path.GetTempPath(), $"pack-randtypes-{Environment.ProcessId}-{Guid.NewGuid():n}");
        Directory.CreateDirectory(directory);
        try
        {
            var unique = schemas.OfType<PackSchema>().DistinctBy(s => s.ContractFingerprint).ToList();
            string runtimeModule = Path.Combine(RepositoryPaths.Package, "build", "src", "codegen.js");
            string packageModule = Path.Combine(RepositoryPaths.Package, "build", "src", "index.js");
            string module = Path.Combine(directory, "contracts.ts");
            File.WriteAllText(module, TypeScriptGenerator.Generate(new PackSchemaSet(unique), new TypeScriptGeneratorOptions { RuntimeModule = runtimeModule }).Single().Value);

            // What users compile: the same module against the package's sources, under the package's own strict options.
            string strict = Path.Combine(directory, "contracts.strict.ts");
            File.WriteAllText(strict, TypeScriptGenerator.Generate(new PackSchemaSet(unique), new TypeScriptGeneratorOptions { RuntimeModule = Path.Combine(RepositoryPaths.Package, "src", "codegen.js") }).Single().Value);
            var tscClock = Stopwatch.StartNew();
            var tsc = TypeScriptToolchain.Node(
                $"node_modules/typescript/bin/tsc --noEmit --strict --target ES2022 --module ES2022 --moduleResolution Bundler --lib ES2022,DOM,DOM.Iterable "
                + $"--noImplicitOverride --noUnusedLocals --noUnusedParameters --noFallthroughCasesInSwitch --exactOptionalPropertyTypes \"{strict}\"",
                TimeSpan.FromMinutes(5));
            run.TscTime += tscClock.Elapsed;
            run.TscModules++;
            if (tsc.ExitCode != 0)
            {
                run.Diverge("pack ts: the generated module does not compile under tsc --strict", $"  {Shorten(tsc.Output, 2000)}");
            }

            var input = new JsonObject
            {
                ["package"] = new Uri(packageModule).AbsoluteUri,
                ["model"] = new Uri(Path.Combine(RepositoryPaths.Package, "build", "test", "vector-types.js")).AbsoluteUri,
                ["module"] = module,
                ["types"] = new JsonArray(declarations.Where(d => !d.IsGenericDefinition).Select(d => (JsonNode)d.ToVectorType()).ToArray()),
                ["roots"] = new JsonArray(roots.Select((r, i) => (JsonNode)new JsonObject { ["type"] = r.VectorName, ["contract"] = schemas[i]?.ContractFingerprint }).ToArray()),
                ["cases"] = new JsonArray(cases.Select(c => (JsonNode)new JsonObject { ["root"] = c.RootIndex, ["hex"] = Convert.ToHexStringLower(c.Bytes), ["encode"] = true }).ToArray()),
            };
            if (Environment.GetEnvironmentVariable("PACK_RANDTYPES_DUMP") is { Length: > 0 } dump)
            {
                File.Copy(module, Path.Combine(dump, $"{declarations[0].Name}.ts"), overwrite: true);
            }

            string inputPath = Path.Combine(directory, "input.json");
            string outputPath = Path.Combine(directory, "output.json");
            File.WriteAllText(inputPath, input.ToJsonString());
            string script = Path.Combine(RepositoryPaths.Root, "tests", "Pack.TypeScript.Tests", "RandomContracts", "run-random-contracts.mjs");
            var nodeClock = Stopwatch.StartNew();
            var node = TypeScriptToolchain.Node($"\"{script}\" \"{inputPath}\" \"{outputPath}\"", TimeSpan.FromMinutes(5));
            run.NodeTime += nodeClock.Elapsed;
            Assert.True(node.ExitCode == 0, node.Describe());
            var result = JsonNode.Parse(File.ReadAllBytes(outputPath), documentOptions: new JsonDocumentOptions { MaxDepth = 512 })!;
            foreach (var missing in result["missing"]!.AsArray())
            {
                run.Diverge("pack ts: no payload functions for a root", $"  {missing}: the generated module has no payload with its contract fingerprint");
            }

            var results = result["results"]!.AsArray();
            Assert.Equal(cases.Count, results.Count);
            for (int i = 0; i < cases.Count; i++)
            {
                CompareTypeScript(cases[i], results[i]!, run);
            }
        }
        finally
        {
            Directory.Delete(directory, recursive: true);
        }
    }

    private static void CompareTypeScript(Case c, JsonNode result, Run run)
    {
        var dotnet = c.Expected!;
        var interpreted = DecodeVerdict.FromNode(result["interpreted"])!;
        var generated = DecodeVerdict.FromNode(result["generated"]);
        if (!PayloadDifferentialTests.Agree(dotnet, interpreted, c.Bytes.Length))
        {
            run.Diverge($"{c.Root.VectorName}: .NET {dotnet.Outcome}, TypeScript {interpreted.Outcome}", c.Describe((".NET", dotnet), ("TypeScript", interpreted)));
        }

        if (generated is not null)
        {
            run.GeneratedTypeScript++;
            bool forbidden = dotnet.Outcome == DecodeVerdict.Accepted && ViolatesAnnotations(dotnet.Json, c.Root, oblivious: true);
            run.ForbiddenNulls += forbidden ? 1 : 0;
            bool agree = forbidden
                ? generated.Outcome == DecodeVerdict.Rejected && generated.Offset >= 0 && generated.Offset <= c.Bytes.Length
                : PayloadDifferentialTests.Agree(dotnet, generated, c.Bytes.Length);
            if (!agree)
            {
                run.Diverge(
                    $"{c.Root.VectorName}: .NET {dotnet.Outcome}{(forbidden ? " (null at a ! position)" : "")}, generated TypeScript {generated.Outcome}",
                    c.Describe((".NET", dotnet), ("generated TypeScript", generated)));
            }
        }

        // What TypeScript read, written again, is what .NET writes for the value it read (NaN aside: a JavaScript
        // number keeps no NaN bits, wire-format §2).
        if (dotnet.Outcome != DecodeVerdict.Accepted || ContainsNaN(dotnet.Json))
        {
            return;
        }

        foreach (var (name, hex) in new[] { ("TypeScript", result["interpretedHex"]), ("generated TypeScript", result["generatedHex"]) })
        {
            if (hex is null)
            {
                continue;
            }

            run.Reencoded++;
            if (hex.GetValue<string>() != dotnet.Reason)
            {
                run.Diverge($"{c.Root.VectorName}: {name} writes what it read differently", $"  {c.Root.VectorName}, {c.Description}\n    input {DifferentialNode.Hex(c.Bytes)}\n    .NET writes  {Shorten(dotnet.Reason!)}\n    {name} writes {Shorten(hex.GetValue<string>())}");
            }
        }
    }

    private static bool ContainsNaN(JsonNode? json) => json switch
    {
        JsonObject o => o.Any(p => ContainsNaN(p.Value)),
        JsonArray a => a.Any(ContainsNaN),
        JsonValue v when v.GetValueKind() == JsonValueKind.String => v.GetValue<string>() is { Length: 4 or 8 or 16 } s && IsNaNBits(s),
        _ => false,
    };

    private static bool IsNaNBits(string hex) => ulong.TryParse(hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out ulong bits) && hex.Length switch
    {
        4 => Half.IsNaN(BitConverter.UInt16BitsToHalf((ushort)bits)),
        8 => float.IsNaN(BitConverter.UInt32BitsToSingle((uint)bits)),
        _ => double.IsNaN(BitConverter.UInt64BitsToDouble(bits)),
    };

    private static string Show(JsonNode? json) => Shorten(json?.ToJsonString(new JsonSerializerOptions { MaxDepth = 512 }) ?? "null");

    private static string Shorten(string text, int max = 300) => text.Length <= max ? text : text[..max] + "…";

    /// <summary>The readers of one root: the two assemblies' types and the schema.</summary>
    private sealed record Readers(Type RuntimeType, Type GeneratedType, PackSchema Schema);

    /// <summary>One input of one root; <see cref="Expected"/> is .NET's verdict (its <c>Reason</c> holds .NET's re-encoding as hex).</summary>
    private sealed record Case(int RootIndex, ContractTypeRef Root, string Description, byte[] Bytes, Readers Readers, DecodeVerdict? Expected = null)
    {
        public string Describe(params (string Name, DecodeVerdict Verdict)[] verdicts)
            => $"  {Root.VectorName}, {Description}\n    input  {DifferentialNode.Hex(Bytes)}\n"
                + string.Join("\n", verdicts.Select(v => $"    {v.Name,-20} {v.Verdict}"));
    }

    /// <summary>What a run counted, and its divergences.</summary>
    private sealed class Run
    {
        public int Declarations { get; set; }

        public Dictionary<DeclarationKind, int> Kinds { get; } = [];

        public int Roots { get; set; }

        public int ContractFormsUnknown { get; set; }

        /// <summary>The roots whose generated schema has no contract form (defaults the compilation does not show).</summary>
        public List<string> NoContractForm { get; } = [];

        public int Values { get; set; }

        public int Mutants { get; set; }

        public int Accepted { get; set; }

        public int Rejected { get; set; }

        public int OffsetsDiffer { get; set; }

        public int GeneratedTypeScript { get; set; }

        public int Reencoded { get; set; }

        public int ForbiddenNulls { get; set; }

        public int NotMutated { get; set; }

        public TimeSpan NodeTime { get; set; }

        public TimeSpan CompileTime { get; set; }

        public TimeSpan TscTime { get; set; }

        public int TscModules { get; set; }

        public List<string> Divergences { get; } = [];

        public Dictionary<string, int> Groups { get; } = new(StringComparer.Ordinal);

        public SortedDictionary<string, int> Shapes { get; } = new(StringComparer.Ordinal);

        public HashSet<string> Primitives { get; } = new(StringComparer.Ordinal);

        public void Count(params string?[] shapes)
        {
            foreach (var shape in shapes)
            {
                if (shape is not null)
                {
                    Shapes[shape] = Shapes.GetValueOrDefault(shape) + 1;
                }
            }
        }

        public void Diverge(string group, string detail)
        {
            Groups[group] = Groups.GetValueOrDefault(group) + 1;
            Divergences.Add(detail);
        }
    }
}
