using Pack.ContractTests.Rejected;

namespace Pack.ContractTests;

/// <summary>
/// One type per contract rule (tests/Shared/Contracts/Rejected): the run-time path must refuse it with a
/// <see cref="NotSupportedException"/> whose message starts with the rule's ID, and the generator must report that ID
/// with the same words (GeneratedContractRejectionTests compiles the same file).
/// </summary>
public static class ContractRejections
{
    public static readonly IReadOnlyList<ContractRejection> All =
    [
        Rejection<MixedOrder>("PACK011"),
        Rejection<DuplicateOrder>("PACK012"),
        Rejection<NoConstructor>("PACK013"),
        Rejection<UnboundParameter>("PACK014"),
        Rejection<ReservedTag>("PACK016"),
        Rejection<DuplicateTag>("PACK017"),
        Rejection<UnrelatedCase>("PACK018"),
        Rejection<StringDiscriminator>("PACK019"),
        Rejection<WideDiscriminator>("PACK020"),
    ];

    public static TheoryData<string> Ids()
    {
        var data = new TheoryData<string>();
        foreach (var rejection in All)
        {
            data.Add(rejection.Id);
        }

        return data;
    }

    public static ContractRejection Get(string id) => All.Single(r => r.Id == id);

    /// <summary>The folder of the rejected types' source files in the repository the tests run from.</summary>
    public static string SourceDirectory()
    {
        for (var directory = new DirectoryInfo(AppContext.BaseDirectory); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "Web.sln")))
            {
                return Path.Combine(directory.FullName, "tests", "Shared", "Contracts", "Rejected");
            }
        }

        throw new DirectoryNotFoundException("The repository root (Web.sln) is not above " + AppContext.BaseDirectory);
    }

    private static ContractRejection Rejection<T>(string id)
        => new(id, typeof(T), () => PackSerializer.Serialize<T>(default));
}
