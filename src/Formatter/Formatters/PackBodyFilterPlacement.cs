using System.Diagnostics.CodeAnalysis;
using Microsoft.AspNetCore.Mvc.Abstractions;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Filters;
using Microsoft.AspNetCore.Mvc.ModelBinding;

namespace Pack.AspNetCore;

/// <summary>
/// Takes <see cref="PackActionFilter"/> and <see cref="PackExceptionFilter"/>, registered globally, off the controller
/// actions that cannot read a request body, once, when MVC builds its action descriptors: MVC runs a filter stage for
/// every action that has a filter in it, so a <c>GET</c> action would pay for both on every call for nothing. Both act
/// only on what reading a body leaves behind (a body over the limit, a rejected <c>Pack-Schema</c>, a request stream
/// that failed, a <c>Content-Encoding</c> decoder's error), so where no parameter can be bound from the body they never act.
/// </summary>
/// <remarks>
/// <para>
/// An action keeps both filters unless each of its parameters and bound properties is bound from services or MVC's
/// special sources (<see cref="CancellationToken"/>), or is a simple value (one string converts to it) bound from the
/// route, the query string or a header. Anything else (the body, a form, a model-bound or custom source, a complex type
/// from the query string, whose properties may name sources of their own) keeps them, as before.
/// </para>
/// <para>
/// The filters stay in <c>MvcOptions.Filters</c> and keep their global scope and order wherever they remain; Razor
/// Pages and other action kinds are left as they are. The descriptors are changed rather than the filters chosen per
/// request (an <see cref="IFilterProvider"/>) because MVC caches an action's filters across requests only while its
/// own filter provider is the only one.
/// </para>
/// </remarks>
internal sealed class PackBodyFilterPlacement(IModelMetadataProvider metadata) : IActionDescriptorProvider
{
    /// <summary>
    /// The lowest order: <see cref="OnProvidersExecuted"/> runs in reverse order, so this one runs last and sees every
    /// controller action (MVC builds them in <c>OnProvidersExecuting</c> at order −1000).
    /// </summary>
    public int Order => int.MinValue;

    public void OnProvidersExecuting(ActionDescriptorProviderContext context)
    {
    }

    public void OnProvidersExecuted(ActionDescriptorProviderContext context)
    {
        foreach (var action in context.Results)
        {
            if (action is ControllerActionDescriptor && !CanBindBody(action))
            {
                RemoveBodyFilters(action.FilterDescriptors);
            }
        }
    }

    /// <summary>Whether any parameter or bound property of <paramref name="action"/> may be bound from the request body.</summary>
    private bool CanBindBody(ActionDescriptor action) => AnyFromBody(action.Parameters) || AnyFromBody(action.BoundProperties);

    private bool AnyFromBody(IList<ParameterDescriptor> parameters)
    {
        foreach (var parameter in parameters)
        {
            if (MayReadBody(parameter))
            {
                return true;
            }
        }

        return false;
    }

    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Runs only while MVC builds controller actions, which MVC does by reflection over the controllers; MVC reads the same metadata for this parameter when it binds it.")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Runs only while MVC builds controller actions, which MVC does by reflection over the controllers; MVC reads the same metadata for this parameter when it binds it.")]
    private bool MayReadBody(ParameterDescriptor parameter)
    {
        var source = parameter.BindingInfo?.BindingSource;
        if (source == BindingSource.Services || source == BindingSource.Special)
        {
            return false;
        }

        if (source == BindingSource.Path || source == BindingSource.Query || source == BindingSource.Header)
        {
            return metadata.GetMetadataForType(parameter.ParameterType).IsComplexType;
        }

        return true;
    }

    private static void RemoveBodyFilters(IList<FilterDescriptor> filters)
    {
        for (var i = filters.Count - 1; i >= 0; i--)
        {
            if (filters[i].Scope == FilterScope.Global && filters[i].Filter is PackActionFilter or PackExceptionFilter)
            {
                filters.RemoveAt(i);
            }
        }
    }
}
