namespace Pack.Samples.WebApi.Aot;

/// <summary>The entry point, a public class so that <c>WebApplicationFactory&lt;Program&gt;</c> can find it.</summary>
public sealed class Program
{
    private Program()
    {
    }

    public static void Main(string[] args) => AotSampleApp.BuildApp(args).Run();
}
