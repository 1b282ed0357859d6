using Pack.Samples.WebApi;

WebApplication app = SampleApp.BuildApp(args);
app.Run();

/// <summary>The entry point, public so that <c>WebApplicationFactory&lt;Program&gt;</c> can find it.</summary>
public partial class Program;
