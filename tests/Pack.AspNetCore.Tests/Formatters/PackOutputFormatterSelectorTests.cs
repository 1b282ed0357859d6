using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Options;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// <see cref="PackOutputFormatterSelector"/>: MVC's selection with a shortcut for the <c>Accept</c> of Pack's clients,
/// which must choose exactly what MVC's own selector chooses, and its place in front of the registered selector.
/// </summary>
public sealed class PackOutputFormatterSelectorTests
{
    private const string ClientAccept = "application/x-pack, application/json;q=0.9";

    // Built once for the theory's hundreds of cases; selectors and formatters are stateless singletons.
    private static readonly Lazy<ServiceProvider> LenientProvider = new(() => MvcProvider(returnHttpNotAcceptable: false));
    private static readonly Lazy<ServiceProvider> StrictProvider = new(() => MvcProvider(returnHttpNotAcceptable: true));

    public static TheoryData<string?, string, string?, bool> Cases()
    {
        string?[] accepts =
        [
            null,
            PackMediaTypes.Pack,
            ClientAccept,
            "application/json",
            "*/*",
            "application/x-pack, */*",
            "application/x-pack;q=0.5, application/json",
            "APPLICATION/X-PACK",
            "text/plain",
            "application/x-pack-stream, application/x-pack, application/json;q=0.9",
            "application/xml",
        ];
        string[] values = ["object", "null", "string", "stream", "problem", "sequence", "array", "result"];
        string?[] contentTypes = [null, "application/json", PackMediaTypes.Pack];
        var cases = new TheoryData<string?, string, string?, bool>();
        foreach (var accept in accepts)
        {
            foreach (var value in values)
            {
                foreach (var contentType in contentTypes)
                {
                    cases.Add(accept, value, contentType, false);
                    cases.Add(accept, value, contentType, true);
                }
            }
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void SelectFormatter_AnyAcceptResultAndContentType_ChoosesWhatMvcsSelectorChooses(string? accept, string value, string? contentType, bool returnHttpNotAcceptable)
    {
        var provider = returnHttpNotAcceptable ? StrictProvider.Value : LenientProvider.Value;
        var mvc = new DefaultOutputFormatterSelector(provider.GetRequiredService<IOptions<MvcOptions>>(), NullLoggerFactory.Instance);
        var pack = provider.GetRequiredService<OutputFormatterSelector>();
        var (type, instance) = Value(value);
        MediaTypeCollection ContentTypes() => contentType is null ? [] : [contentType];

        var expectedContext = Context(accept, type, instance);
        var expected = mvc.SelectFormatter(expectedContext, [], ContentTypes());
        var actualContext = Context(accept, type, instance);
        var actual = pack.SelectFormatter(actualContext, [], ContentTypes());

        Assert.IsType<PackOutputFormatterSelector>(pack);
        Assert.Same(expected, actual);
        Assert.Equal(expectedContext.ContentType.Value, actualContext.ContentType.Value, ignoreCase: true);
        Assert.Equal(expectedContext.ContentTypeIsServerDefined, actualContext.ContentTypeIsServerDefined);
    }

    [Fact]
    public void SelectFormatter_ResultWithItsOwnFormatters_ChoosesAmongThemAsMvcDoes()
    {
        using var provider = Provider(services => { });
        var pack = provider.GetRequiredService<OutputFormatterSelector>();
        var json = provider.GetRequiredService<IOptions<MvcOptions>>().Value.OutputFormatters.OfType<SystemTextJsonOutputFormatter>().Single();

        // A result that names its formatters is written by one of them, even when the client prefers Pack.
        var selected = pack.SelectFormatter(Context(ClientAccept, typeof(Reading), new Reading(1, 2)), [json], []);

        Assert.Same(json, selected);
    }

    [Fact]
    public void AddPackFormatters_SelectorRegisteredBefore_IsWrappedAndAnswersWhatTheShortcutDoesNot()
    {
        using var provider = Provider(services => services.AddSingleton<OutputFormatterSelector, CountingSelector>());
        var selector = provider.GetRequiredService<OutputFormatterSelector>();
        var inner = CountingSelector.Last!;

        var pack = selector.SelectFormatter(Context(ClientAccept, typeof(Reading), new Reading(1, 2)), [], []);
        var json = selector.SelectFormatter(Context("application/json", typeof(Reading), new Reading(1, 2)), [], []);

        Assert.IsType<PackOutputFormatter>(pack);
        Assert.IsType<SystemTextJsonOutputFormatter>(json);
        Assert.Equal(1, inner.Calls); // Only the JSON request reached the application's selector.
    }

    [Fact]
    public void AddPackFormatters_CalledTwice_WrapsTheSelectorOnce()
    {
        var services = new ServiceCollection().AddLogging();
        services.AddControllers().AddPackFormatters().AddPackFormatters();

        var registrations = services.Where(descriptor => descriptor.ServiceType == typeof(OutputFormatterSelector)).ToList();
        using var provider = services.BuildServiceProvider();

        Assert.Single(registrations);
        Assert.Equal(ServiceLifetime.Singleton, registrations[0].Lifetime);
        Assert.Same(provider.GetRequiredService<OutputFormatterSelector>(), provider.GetRequiredService<OutputFormatterSelector>());
        Assert.IsType<PackOutputFormatterSelector>(provider.GetRequiredService<OutputFormatterSelector>());
    }

    private static ServiceProvider MvcProvider(bool returnHttpNotAcceptable)
    {
        var services = new ServiceCollection().AddLogging();
        services.AddControllers().AddPackFormatters();
        services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = returnHttpNotAcceptable);
        return services.BuildServiceProvider();
    }

    private static ServiceProvider Provider(Action<IServiceCollection> before)
    {
        var services = new ServiceCollection().AddLogging();
        var mvc = services.AddControllers();
        before(services);
        mvc.AddPackFormatters();
        return services.BuildServiceProvider();
    }

    private static (Type Type, object? Instance) Value(string kind) => kind switch
    {
        "object" => (typeof(Reading), new Reading(3, 1.5)),
        "null" => (typeof(Reading), null),
        "string" => (typeof(string), "text"),
        "stream" => (typeof(Stream), new MemoryStream([1, 2])),
        "problem" => (typeof(ProblemDetails), new ProblemDetails { Status = 400 }),
        "sequence" => (typeof(IAsyncEnumerable<int>), AsyncEnumerable.Range(0, 2)),
        "array" => (typeof(int[]), new[] { 1, 2 }),
        "result" => (typeof(IResult), Results.Ok()),
        _ => throw new ArgumentOutOfRangeException(nameof(kind)),
    };

    private static OutputFormatterWriteContext Context(string? accept, Type type, object? value)
    {
        var httpContext = new DefaultHttpContext();
        if (accept is not null)
        {
            httpContext.Request.Headers.Accept = accept;
        }

        httpContext.Response.Body = Stream.Null;
        return new OutputFormatterWriteContext(httpContext, (stream, encoding) => new StreamWriter(stream, encoding), type, value);
    }

    /// <summary>An application's selector: MVC's, counting the calls that reach it.</summary>
    private sealed class CountingSelector : OutputFormatterSelector
    {
        private readonly DefaultOutputFormatterSelector _mvc;

        public CountingSelector(IOptions<MvcOptions> options)
        {
            _mvc = new DefaultOutputFormatterSelector(options, NullLoggerFactory.Instance);
            Last = this;
        }

        public static CountingSelector? Last { get; private set; }

        public int Calls { get; private set; }

        public override IOutputFormatter? SelectFormatter(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, MediaTypeCollection contentTypes)
        {
            Calls++;
            return _mvc.SelectFormatter(context, formatters, contentTypes);
        }
    }
}
