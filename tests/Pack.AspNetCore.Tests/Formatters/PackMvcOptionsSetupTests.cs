using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>What <c>AddPackFormatters</c> adds to MVC's options, and when.</summary>
public sealed class PackMvcOptionsSetupTests
{
    [Theory]
    [InlineData(false, 0)]
    [InlineData(true, 1)]
    public void AddPackFormatters_ReturnHttpNotAcceptableSetAfterward_AddsThe406FilterOnlyWhenMvcAnswers406(bool returnHttpNotAcceptable, int expected)
    {
        var services = new ServiceCollection().AddLogging();
        services.AddControllers().AddPackFormatters();
        services.Configure<MvcOptions>(options => options.ReturnHttpNotAcceptable = returnHttpNotAcceptable);
        using var provider = services.BuildServiceProvider();

        var options = provider.GetRequiredService<IOptions<MvcOptions>>().Value;

        Assert.Equal(expected, options.Filters.Count(filter => filter is NotAcceptableProblemFilter));
        Assert.Single(options.OutputFormatters.OfType<PackOutputFormatter>());
    }
}
