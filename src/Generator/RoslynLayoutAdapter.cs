using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Collections;
using Pack.Formatters.Objects;

namespace Pack.Generator;

/// <summary>
/// The generator's answers to the shared <see cref="LayoutRules"/>, read from Roslyn symbols and the contracts the parser
/// built, as ReflectionLayoutAdapter answers at run time. The compiler cannot measure sizes or field offsets, so a
/// <see cref="BlittableLayout.Candidate"/> here is checked once more by generated code at run time.
/// </summary>
internal sealed class RoslynLayoutAdapter : LayoutAdapter<ITypeSymbol, MemberShape>
{
    private readonly ContextParser _parser;
    private readonly Dictionary<ITypeSymbol, int> _fixedLengths = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<ITypeSymbol, BlittableLayout> _layouts = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<ITypeSymbol, ObjectShape> _building = new(SymbolEqualityComparer.Default);

    public RoslynLayoutAdapter(ContextParser parser) => _parser = parser;

    public override string? FullName(ITypeSymbol type) => type is INamedTypeSymbol { IsGenericType: false } ? ContextParser.FullName(type) : null;

    public override ITypeSymbol? EnumUnderlyingType(ITypeSymbol type) => type.TypeKind == TypeKind.Enum ? ((INamedTypeSymbol)type).EnumUnderlyingType : null;

    public override bool IsValueType(ITypeSymbol type) => type.IsValueType;

    public override bool IsNullable(ITypeSymbol type) => type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T;

    public override bool IsRefLike(ITypeSymbol type) => type.IsRefLikeType;

    public override bool IsDeclaredUnion(ITypeSymbol type) => _parser.Known.HasAttribute(type, ContractRules.PackUnionAttribute);

    public override bool IsObjectType(ITypeSymbol type)
        => type is INamedTypeSymbol && _parser.WhyNotObject(type) is null && ContextParser.CollectionKindOf(type) == CollectionKind.None;

    public override IReadOnlyList<MemberShape>? Members(ITypeSymbol type)
        => (_building.TryGetValue(type, out var building) ? building : _parser.ObjectOf((INamedTypeSymbol)type))?.Members;

    public override ITypeSymbol TypeOf(MemberShape member) => member.Type;

    public override int FixedLength(ITypeSymbol type)
    {
        if (_fixedLengths.TryGetValue(type, out int known))
        {
            return known;
        }

        int length = LayoutRules.FixedLength(this, type);
        _fixedLengths[type] = length;
        return length;
    }

    /// <summary>The fixed length of a struct whose contract is being built (not yet among the parser's shapes).</summary>
    public int FixedLengthWhileBuilding(ITypeSymbol type, ObjectShape shape)
    {
        _building[type] = shape;
        try
        {
            return FixedLength(type);
        }
        finally
        {
            _building.Remove(type);
        }
    }

    public override BlittableLayout Layout(ITypeSymbol type)
    {
        if (_layouts.TryGetValue(type, out var known))
        {
            return known;
        }

        // Classes are inspected at run time. A struct cannot contain itself; the placeholder only stops a malformed cycle.
        _layouts[type] = BlittableLayout.Unknown;
        var layout = type.IsValueType ? LayoutRules.Decide(this, type) : BlittableLayout.Unknown;
        _layouts[type] = layout;
        return layout;
    }

    public override MemberStorage Storage(ITypeSymbol owner, MemberShape member)
    {
        var (field, accessible) = _parser.StorageOf(member.Symbol);
        if (field is null)
        {
            // A property without a backing field in source has none; one from metadata may have a hidden one.
            return member.Symbol.Locations.Any(static l => l.IsInSource) ? MemberStorage.None : MemberStorage.Hidden;
        }

        // A field generated code cannot reach (no accessors for a constrained generic type) cannot be checked.
        return accessible || _parser.ObjectOf((INamedTypeSymbol)owner) is not { AccessorsAvailable: false } ? MemberStorage.Field : MemberStorage.Hidden;
    }

    public override int? SizeOf(ITypeSymbol type) => null;

    public override int? OffsetOf(ITypeSymbol owner, MemberShape member) => null;
}
