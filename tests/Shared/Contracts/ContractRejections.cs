using Pack.ContractTests.Rejected;

namespace Pack.ContractTests;

/// <summary>
/// One type per contract rule (tests/Shared/Contracts/Rejected), and more for the rules about a value's type: the
/// run-time path must refuse it with a <see cref="NotSupportedException"/> whose message starts with the rule's ID, and
/// the generator must report that ID with the same words (GeneratedContractRejectionTests compiles the same file).
/// </summary>
public static class ContractRejections
{
    public static readonly IReadOnlyList<ContractRejection> All =
    [
        MemberRejection<ObjectMember>("PACK003", nameof(ObjectMember.Value)),
        MemberRejection<MultiDimensionalMember>("PACK004", nameof(MultiDimensionalMember.Grid)),
        MemberRejection<QueueMember>("PACK005", nameof(QueueMember.Items)),
        Rejection<CustomCollection>("PACK005"),
        MemberRejection<DelegateMember>("PACK005", nameof(DelegateMember.Callback)),
        MemberRejection<AbstractMember>("PACK005", nameof(AbstractMember.Value)),
        MemberRejection<NativeIntegerMember>("PACK005", nameof(NativeIntegerMember.Handle)),
        Rejection<MixedOrder>("PACK011"),
        Rejection<MixedOrderInStruct>("PACK011"),
        Rejection<DuplicateOrder>("PACK012"),
        Rejection<NoConstructor>("PACK013"),
        Rejection<UnboundParameter>("PACK014"),
        Rejection<ReservedTag>("PACK016"),
        Rejection<DuplicateTag>("PACK017"),
        Rejection<UnrelatedCase>("PACK018"),
        Rejection<StringDiscriminator>("PACK019"),
        Rejection<WideDiscriminator>("PACK020"),
    ];

    /// <summary>
    /// The rules of docs/generator.md's list that no type here breaks, and why: the context's own declaration and what
    /// generated code can reach are the generator's alone (the run-time path has no context and reflects on any
    /// member); PACK015 needs a class of 65536 members, which takes minutes to reflect over (ContractBuilder.Build raises
    /// it for both paths with the same ContractError, as it does PACK011 to PACK014).
    /// </summary>
    public static readonly IReadOnlyDictionary<string, string> WithoutRejection = new Dictionary<string, string>
    {
        ["PACK001"] = "the context is not partial: generator only",
        ["PACK002"] = "the context does not derive from PackSerializerContext: generator only",
        ["PACK007"] = "a type the context cannot name: generator only (reflection reaches any type)",
        ["PACK008"] = "a type parameter name a nested generic type repeats, where a member needs an UnsafeAccessor: generator only",
        ["PACK009"] = "the context is declared where it cannot be completed: generator only",
        ["PACK015"] = "65536 members: the shared ContractBuilder.Build raises it for both paths; too slow a type to reflect over in a test",
    };

    /// <summary>The cases by the name of the rejected type.</summary>
    public static TheoryData<string> Names()
    {
        var data = new TheoryData<string>();
        foreach (var rejection in All)
        {
            data.Add(rejection.Type.Name);
        }

        return data;
    }

    public static ContractRejection Get(string name) => All.Single(r => r.Type.Name == name);

    /// <summary>The repository root (the folder holding Web.sln) above the directory the tests run from.</summary>
    public static string RepositoryRoot()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Web.sln")))
            {
                return directory.FullName;
            }
        }

        throw new DirectoryNotFoundException("The repository root (Web.sln) is not above " + AppContext.BaseDirectory);
    }

    /// <summary>The folder of the rejected types' source files in the repository the tests run from.</summary>
    public static string SourceDirectory() => Path.Combine(RepositoryRoot(), "tests", "Shared", "Contracts", "Rejected");

    /// <summary>The IDs of the diagnostics table in docs/generator.md.</summary>
    public static IReadOnlyList<string> DocumentedIds()
    {
        var ids = new List<string>();
        foreach (string line in File.ReadLines(Path.Combine(RepositoryRoot(), "docs", "generator.md")))
        {
            if (line.StartsWith("| PACK", StringComparison.Ordinal))
            {
                ids.Add(line.Substring(2, 7));
            }
        }

        return ids;
    }

    private static ContractRejection Rejection<T>(string id)
        => new(id, typeof(T), null, () => PackSerializer.Serialize<T>(default));

    /// <summary>A type with a member whose type breaks the rule, written with that member at its default.</summary>
    private static ContractRejection MemberRejection<T>(string id, string member)
        where T : new()
        => new(id, typeof(T), member, () => PackSerializer.Serialize(new T()));
}
