using System.Linq;
using Microsoft.CodeAnalysis;

namespace Pack.Generator.Model;

/// <summary>A diagnostic as plain values, turned into a <see cref="Diagnostic"/> only when it is reported.</summary>
internal sealed record DiagnosticInfo(DiagnosticDescriptor Descriptor, EquatableArray<string> Arguments, LocationInfo? Location)
{
    public static DiagnosticInfo Create(DiagnosticDescriptor descriptor, Location? location, params string[] arguments)
        => new(descriptor, new EquatableArray<string>(arguments), LocationInfo.From(location));

    public Diagnostic ToDiagnostic()
        => Diagnostic.Create(Descriptor, Location?.ToLocation() ?? Microsoft.CodeAnalysis.Location.None, Arguments.Cast<object>().ToArray());
}
