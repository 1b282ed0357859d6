using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Pack.Generator.Model;

/// <summary>
/// Where a diagnostic points, as plain values: a <see cref="Location"/> holds its syntax tree, which is new in every
/// compilation, so a model holding one would never compare equal to the previous run's.
/// </summary>
internal sealed record LocationInfo(string FilePath, TextSpan Span, LinePositionSpan LineSpan)
{
    public static LocationInfo? From(Location? location)
        => location is { IsInSource: true, SourceTree: { } tree } ? new LocationInfo(tree.FilePath, location.SourceSpan, location.GetLineSpan().Span) : null;

    public Location ToLocation() => Location.Create(FilePath, Span, LineSpan);
}
