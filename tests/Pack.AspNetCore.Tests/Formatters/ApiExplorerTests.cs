using Microsoft.AspNetCore.Mvc.ApiExplorer;
using Microsoft.Extensions.DependencyInjection;

namespace Pack.AspNetCore.Tests.Formatters;

public sealed class ApiExplorerTests(PackTestAppFactory factory) : IClassFixture<PackTestAppFactory>
{
    private ApiDescription Describe(string method, string path)
    {
        var provider = factory.Services.GetRequiredService<IApiDescriptionGroupCollectionProvider>();
        var all = provider.ApiDescriptionGroups.Items.SelectMany(group => group.Items)
            .ToList();
        return all.SingleOrDefault(d => d.HttpMethod == method && d.RelativePath == path)
            ?? throw new Xunit.Sdk.XunitException($"No {method} {path} among: {string.Join(", ", all.Select(d => $"{d.HttpMethod} {d.RelativePath}"))}");
    }

    [Fact]
    public void PostAction_ListsPackAmongRequestAndResponseContentTypes()
    {
        var description = Describe("POST", "api/organizations");

        var requestTypes = description.SupportedRequestFormats.Select(f => f.MediaType).ToList();
        Assert.Contains("application/json", requestTypes);
        Assert.Contains(PackMediaTypes.Pack, requestTypes);

        var responseTypes = description.SupportedResponseTypes.Single(r => r.StatusCode == 200).ApiResponseFormats.Select(f => f.MediaType).ToList();
        Assert.Contains("application/json", responseTypes);
        Assert.Contains(PackMediaTypes.Pack, responseTypes);
        Assert.DoesNotContain(PackMediaTypes.PackStream, responseTypes);
    }

    [Fact]
    public void StreamingAction_ListsPackStreamResponseContentType()
    {
        var description = Describe("GET", "api/organizations/members");

        var responseTypes = description.SupportedResponseTypes.Single(r => r.StatusCode == 200).ApiResponseFormats.Select(f => f.MediaType).ToList();
        Assert.Contains(PackMediaTypes.PackStream, responseTypes);
        Assert.DoesNotContain(PackMediaTypes.Pack, responseTypes);
    }

    [Fact]
    public void MinimalEndpoints_ListPackFromResultAndBodyMetadata()
    {
        var get = Describe("GET", "minimal/organizations/{id:int}");
        var post = Describe("POST", "minimal/organizations");

        Assert.Contains(PackMediaTypes.Pack, get.SupportedResponseTypes.Single(r => r.StatusCode == 200).ApiResponseFormats.Select(f => f.MediaType));
        Assert.Contains(PackMediaTypes.Pack, post.SupportedResponseTypes.Single(r => r.StatusCode == 201).ApiResponseFormats.Select(f => f.MediaType));
        Assert.Equal([PackMediaTypes.Pack], post.SupportedRequestFormats.Select(f => f.MediaType));
        Assert.Equal(typeof(TestApp.Organization), post.ParameterDescriptions.Single(p => p.Source.Id == "Body").Type);
    }
}
