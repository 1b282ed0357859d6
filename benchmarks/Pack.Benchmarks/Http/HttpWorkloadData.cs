using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Http;

/// <summary>The payloads of H1–H5, from the W4 and W6 builders (<c>new Random(42)</c>), built once per process.</summary>
public static class HttpWorkloadData
{
    /// <summary>H1.</summary>
    public static SmallObject Small { get; } = WorkloadData.SmallObject();

    /// <summary>H2.</summary>
    public static List<Member> List100 { get; } = WorkloadData.Organization(100).Members!;

    /// <summary>H3.</summary>
    public static Organization Organization10k { get; } = WorkloadData.Organization(10_000);

    /// <summary>H4, the request body.</summary>
    public static Organization Organization1k { get; } = WorkloadData.Organization(1_000);

    /// <summary>H5.</summary>
    public static List<Member> Stream100k { get; } = WorkloadData.Organization(100_000).Members!;
}
