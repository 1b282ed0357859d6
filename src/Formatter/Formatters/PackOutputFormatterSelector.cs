using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.Infrastructure;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;

namespace Pack.AspNetCore;

/// <summary>
/// MVC's output formatter selection, with a shortcut for the <c>Accept</c> headers Pack's clients send
/// (<see cref="AcceptHeader.IsPackFirstClientAccept"/>): their first choice is <c>application/x-pack</c>, so the formatters are offered that
/// media type in order, as MVC's own selector offers the most preferred one first, without parsing and sorting the
/// header on every response. Anything else (another <c>Accept</c>, explicit content types from <c>[Produces]</c>,
/// <c>?format=</c> or the result, no formatter taking the first choice) goes to the selector this one wraps, so the
/// formatter chosen is always the one MVC's selector would choose.
/// </summary>
internal sealed class PackOutputFormatterSelector : OutputFormatterSelector
{
    private static readonly StringSegment PackContentType = new(PackMediaTypes.Pack);

    private readonly OutputFormatterSelector _inner;
    private readonly IList<IOutputFormatter> _formatters;

    /// <summary>Wraps <paramref name="inner"/>, MVC's selector (or the application's).</summary>
    /// <param name="inner">The selector that answers everything the shortcut does not.</param>
    /// <param name="options">MVC's options: their output formatters are the candidates when a result names none.</param>
    public PackOutputFormatterSelector(OutputFormatterSelector inner, IOptions<MvcOptions> options)
    {
        _inner = inner;
        _formatters = options.Value.OutputFormatters;
    }

    /// <inheritdoc/>
    public override IOutputFormatter? SelectFormatter(OutputFormatterCanWriteContext context, IList<IOutputFormatter> formatters, MediaTypeCollection contentTypes)
    {
        var accept = context.HttpContext.Request.Headers.Accept;
        if (contentTypes.Count == 0 && accept.Count == 1 && AcceptHeader.IsPackFirstClientAccept(accept[0]))
        {
            var candidates = formatters.Count == 0 ? _formatters : formatters;
            for (var i = 0; i < candidates.Count; i++)
            {
                // As MVC's selector offers each acceptable media type: the client's choice, not the server's.
                context.ContentType = PackContentType;
                context.ContentTypeIsServerDefined = false;
                if (candidates[i].CanWriteResult(context))
                {
                    return candidates[i];
                }
            }
        }

        return _inner.SelectFormatter(context, formatters, contentTypes);
    }
}
