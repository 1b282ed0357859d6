namespace Pack.Samples.Proxy;

/// <summary>
/// The proxy's entry point. Not top-level statements: those would make a public global <c>Program</c>, which would clash
/// with the sample API's in the tests that reference both.
/// </summary>
internal static class Program
{
    private static void Main(string[] args) => ProxyApp.BuildApp(args).Run();
}
