using Microsoft.AspNetCore.Mvc;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>Adds the Pack formatters, the <c>pack</c> format mapping, Pack's three filters (<see cref="PackResultFilter"/>: <c>Vary: Accept</c> and <c>?format=pack</c> on every action; <see cref="PackActionFilter"/>: 413 and request-schema problems; <see cref="PackExceptionFilter"/>: failed request streams and undecodable bodies; both taken off the actions that cannot bind a body by <see cref="PackBodyFilterPlacement"/>) and, when MVC answers 406, the 406 problem filter to MVC.</summary>
internal sealed class PackMvcOptionsSetup(IOptions<PackFormatterOptions> packOptions, ILoggerFactory loggerFactory) : IConfigureOptions<MvcOptions>, IPostConfigureOptions<MvcOptions>
{
    /// <summary>The format name used by <c>?format=pack</c> and <c>[FormatFilter]</c> routes.</summary>
    public const string FormatName = "pack";

    public void Configure(MvcOptions options)
    {
        var pack = packOptions.Value;

        // Appended, never inserted: the first formatter is the default, and the default stays JSON.
        options.InputFormatters.Add(new PackInputFormatter(pack, loggerFactory.CreateLogger<PackInputFormatter>()));
        options.OutputFormatters.Add(new PackOutputFormatter(pack, loggerFactory.CreateLogger<PackOutputFormatter>()));
        options.FormatterMappings.SetMediaTypeMappingForFormat(FormatName, PackMediaTypes.Pack);
        // One filter per stage: MVC pays for each global filter on every action.
        options.Filters.Add(new PackResultFilter());
        options.Filters.Add(new PackActionFilter());
        options.Filters.Add(new PackExceptionFilter());
    }

    /// <summary>
    /// Adds the strict-negotiation problem filter (errors win over a 406, and the 406 gets a body) once every other
    /// configuration has run, and only when MVC can answer 406: it is an
    /// asynchronous always-run result filter, which costs MVC a delegate and a task on every response.
    /// </summary>
    public void PostConfigure(string? name, MvcOptions options)
    {
        if (options.ReturnHttpNotAcceptable && !ContainsNotAcceptableFilter(options))
        {
            options.Filters.Add(new NotAcceptableProblemFilter());
        }
    }

    private static bool ContainsNotAcceptableFilter(MvcOptions options)
    {
        foreach (var filter in options.Filters)
        {
            if (filter is NotAcceptableProblemFilter)
            {
                return true;
            }
        }

        return false;
    }
}
