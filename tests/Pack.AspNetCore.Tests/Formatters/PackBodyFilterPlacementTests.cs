using System.Net;
using System.Reflection;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.ApplicationParts;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using Pack.AspNetCore.Tests.TestApp;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// Pack's action and exception filters sit only on the controller actions that can bind something from the request
/// body; every other action runs without those two filter stages, and the actions that keep them behave as before.
/// </summary>
public sealed class PackBodyFilterPlacementTests
{
    [Theory]
    [InlineData(nameof(ShapesController.NoParameters))]
    [InlineData(nameof(ShapesController.RouteValue))]
    [InlineData(nameof(ShapesController.QueryValues))]
    [InlineData(nameof(ShapesController.HeaderValue))]
    [InlineData(nameof(ShapesController.ServiceAndToken))]
    [InlineData(nameof(ShapesController.ParseableQueryValue))]
    public void Action_NothingBoundFromTheBody_HasNeitherBodyFilter(string action)
    {
        var descriptor = Describe(action);

        Assert.DoesNotContain(descriptor.FilterDescriptors, filter => filter.Filter is PackActionFilter or PackExceptionFilter);
        // The result filter (Vary: Accept, ?format=pack) stays on every action.
        Assert.Contains(descriptor.FilterDescriptors, filter => filter.Filter is PackResultFilter);
    }

    [Theory]
    [InlineData(nameof(ShapesController.Body))]
    [InlineData(nameof(ShapesController.InferredBody))]
    [InlineData(nameof(ShapesController.BodyStream))]
    [InlineData(nameof(ShapesController.Form))]
    [InlineData(nameof(ShapesController.ComplexFromQuery))]
    [InlineData(nameof(ShapesController.ArrayFromQuery))]
    [InlineData(nameof(ShapesController.RouteValueAndBody))]
    [InlineData(nameof(BoundShapesController.BoundBodyProperty))]
    [InlineData(nameof(PlainShapesController.NoSourceGiven))]
    public void Action_SomethingMayComeFromTheBody_KeepsBothBodyFiltersGlobalAndInOrder(string action)
    {
        var descriptor = Describe(action);

        var actionFilter = Assert.Single(descriptor.FilterDescriptors, filter => filter.Filter is PackActionFilter);
        var exceptionFilter = Assert.Single(descriptor.FilterDescriptors, filter => filter.Filter is PackExceptionFilter);
        Assert.Equal(FilterScope.Global, actionFilter.Scope);
        Assert.Equal(FilterScope.Global, exceptionFilter.Scope);
        Assert.Equal(-3000, actionFilter.Order);
    }

    [Fact]
    public void TestApp_GetActionsRunWithoutBodyFilters_PostActionsKeepThem()
    {
        using var provider = Services(new AssemblyPart(typeof(OrganizationsController).Assembly));
        var actions = provider.GetRequiredService<IActionDescriptorCollectionProvider>().ActionDescriptors.Items.OfType<ControllerActionDescriptor>().ToList();

        var get = Assert.Single(actions, action => action.ControllerTypeInfo == typeof(OrganizationsController).GetTypeInfo() && action.ActionName == nameof(OrganizationsController.Get) && action.AttributeRouteInfo!.Template!.EndsWith("{id:int}", StringComparison.Ordinal));
        var post = Assert.Single(actions, action => action.ControllerTypeInfo == typeof(OrganizationsController).GetTypeInfo() && action.ActionName == nameof(OrganizationsController.Post));
        Assert.DoesNotContain(get.FilterDescriptors, filter => filter.Filter is PackActionFilter or PackExceptionFilter);
        Assert.Contains(post.FilterDescriptors, filter => filter.Filter is PackActionFilter);
        Assert.Contains(post.FilterDescriptors, filter => filter.Filter is PackExceptionFilter);
    }

    /// <summary>
    /// Before, every action had the exception filter, so a GET action that failed with an <see cref="InvalidDataException"/>
    /// of its own was answered as the client's undecodable body (400); an action that reads no body now fails as the
    /// server's error it is, while a body action still answers an undecodable body with 400.
    /// </summary>
    [Fact]
    public async Task Http_ActionWithoutBodyThrowsInvalidData_IsTheServersError_BodyActionStillAnswersUndecodableBodyWith400()
    {
        WebApplication? app = null;
        HttpClient? client = null;
        try
        {
            var builder = WebApplication.CreateSlimBuilder();
            builder.Logging.ClearProviders();
            builder.WebHost.UseKestrel(options => options.Listen(IPAddress.Loopback, 0));
            builder.Services.AddRequestDecompression();
            builder.Services.AddControllers()
                .ConfigureApplicationPartManager(manager =>
                {
                    manager.ApplicationParts.Clear();
                    manager.FeatureProviders.Add(new ExplicitControllers(typeof(ShapesController)));
                })
                .AddPackFormatters();
            app = builder.Build();
            app.UseRequestDecompression();
            app.MapControllers();
            client = await LoopbackApp.StartAsync(app);

            using var thrown = await client.GetAsync("/shapes/invalid-data");
            Assert.Equal(HttpStatusCode.InternalServerError, thrown.StatusCode);

            var garbage = new byte[64];
            new Random(5).NextBytes(garbage);
            using var content = new ByteArrayContent(garbage);
            content.Headers.ContentType = new("application/json");
            content.Headers.ContentEncoding.Add("gzip");
            using var rejected = await client.PostAsync("/shapes/body", content);
            Assert.Equal(HttpStatusCode.BadRequest, rejected.StatusCode);
            Assert.Equal("application/problem+json", rejected.Content.Headers.ContentType?.MediaType);
        }
        finally
        {
            await LoopbackApp.StopAsync(app, client);
        }
    }

    private static ControllerActionDescriptor Describe(string action)
    {
        using var provider = Services(null);
        return Assert.Single(
            provider.GetRequiredService<IActionDescriptorCollectionProvider>().ActionDescriptors.Items.OfType<ControllerActionDescriptor>(),
            descriptor => descriptor.ActionName == action);
    }

    private static ServiceProvider Services(ApplicationPart? part)
    {
        var services = new ServiceCollection().AddLogging();
        services.AddSingleton<Shapes>();
        services.AddControllers()
            .ConfigureApplicationPartManager(manager =>
            {
                manager.ApplicationParts.Clear();
                if (part is null)
                {
                    manager.FeatureProviders.Add(new ExplicitControllers(typeof(ShapesController), typeof(BoundShapesController), typeof(PlainShapesController)));
                }
                else
                {
                    manager.ApplicationParts.Add(part);
                }
            })
            .AddPackFormatters();
        return services.BuildServiceProvider();
    }

    /// <summary>Adds the given controllers, nested here so that no other test's app discovers them.</summary>
    private sealed class ExplicitControllers(params Type[] controllers) : IApplicationFeatureProvider<ControllerFeature>
    {
        public void PopulateFeature(IEnumerable<ApplicationPart> parts, ControllerFeature feature)
        {
            foreach (var controller in controllers)
            {
                feature.Controllers.Add(controller.GetTypeInfo());
            }
        }
    }

    /// <summary>A service for <see cref="ShapesController.ServiceAndToken"/>.</summary>
    public sealed class Shapes;

    /// <summary>A model bound from the query string as a whole.</summary>
    public sealed class Paging
    {
        public int Page { get; set; }

        public int Size { get; set; }
    }

    [ApiController]
    [Route("shapes")]
    public sealed class ShapesController : ControllerBase
    {
        [HttpGet("none")]
        public ActionResult<SmallObject> NoParameters() => new SmallObject();

        [HttpGet("route/{id:int}")]
        public ActionResult<int> RouteValue(int id) => id;

        [HttpGet("query")]
        public ActionResult<string> QueryValues(string name, int count = 1) => name + count;

        [HttpGet("header")]
        public ActionResult<string> HeaderValue([FromHeader(Name = "X-Name")] string name) => name;

        [HttpGet("service")]
        public ActionResult<bool> ServiceAndToken([FromServices] Shapes shapes, CancellationToken cancellationToken) => shapes is not null && !cancellationToken.IsCancellationRequested;

        [HttpGet("parseable")]
        public ActionResult<Guid> ParseableQueryValue([FromQuery] Guid id) => id;

        [HttpGet("invalid-data")]
        public ActionResult<int> InvalidData() => throw new InvalidDataException("The action's own data is corrupt.");

        [HttpPost("body")]
        public ActionResult<Organization> Body([FromBody] Organization organization) => organization;

        [HttpPost("inferred")]
        public ActionResult<Organization> InferredBody(Organization organization) => organization;

        [HttpPost("stream")]
        public async Task<ActionResult<int>> BodyStream([FromBody] IAsyncEnumerable<Member> members)
        {
            var count = 0;
            await foreach (var member in members)
            {
                count += member is null ? 0 : 1;
            }

            return count;
        }

        [HttpPost("form")]
        public ActionResult<string> Form([FromForm] string name) => name;

        [HttpGet("paging")]
        public ActionResult<int> ComplexFromQuery([FromQuery] Paging paging) => paging.Page;

        [HttpGet("ids")]
        public ActionResult<int> ArrayFromQuery([FromQuery] int[] ids) => ids.Length;

        [HttpPut("route/{id:int}")]
        public ActionResult<int> RouteValueAndBody(int id, [FromBody] Organization organization) => id + (organization is null ? 0 : 1);
    }

    /// <summary>A body bound to a controller property: every action of the controller may read the body.</summary>
    [ApiController]
    [Route("bound-shapes")]
    public sealed class BoundShapesController : ControllerBase
    {
        [FromBody]
        public Organization? BoundOrganization { get; set; }

        [HttpPut("property")]
        public ActionResult<int> BoundBodyProperty() => BoundOrganization?.Id ?? 0;
    }

    /// <summary>No <c>[ApiController]</c>: a parameter without a source may be bound by any model binder, so it keeps both.</summary>
    [Route("plain-shapes")]
    public sealed class PlainShapesController : ControllerBase
    {
        [HttpGet("{id:int}")]
        public ActionResult<int> NoSourceGiven(int id) => id;
    }
}
