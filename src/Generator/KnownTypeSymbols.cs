using System.Collections.Generic;
using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Objects;

namespace Pack.Generator;

/// <summary>
/// The types the generator recognises by name (Pack's and System.Text.Json's attributes, the context base class),
/// resolved once per compilation, as System.Text.Json's generator keeps its KnownTypeSymbols. A name stands for every
/// type of that full name in the compilation and its references, as reflection matches attributes by name at run time.
/// </summary>
internal sealed class KnownTypeSymbols
{
    public const string PackSerializableAttribute = "Pack.PackSerializableAttribute";
    public const string PackSerializerContext = "Pack.PackSerializerContext";
    public const string SetsRequiredMembersAttribute = "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute";
    public const string CompilerGeneratedAttribute = "System.Runtime.CompilerServices.CompilerGeneratedAttribute";

    private static readonly string[] Names =
    [
        PackSerializableAttribute, PackSerializerContext, SetsRequiredMembersAttribute, CompilerGeneratedAttribute,
        ContractRules.PackIgnoreAttribute, ContractRules.PackOrderAttribute, ContractRules.PackConstructorAttribute, ContractRules.PackUnionAttribute,
        ContractRules.JsonIgnoreAttribute, ContractRules.JsonConstructorAttribute, ContractRules.JsonDerivedTypeAttribute,
        ContractRules.IgnoreDataMemberAttribute, ContractRules.DataContractAttribute, ContractRules.DataMemberAttribute,
    ];

    private readonly Dictionary<string, ImmutableArray<INamedTypeSymbol>> _types = new();

    public KnownTypeSymbols(Compilation compilation)
    {
        Compilation = compilation;
        foreach (string name in Names)
        {
            _types[name] = compilation.GetTypesByMetadataName(name);
        }
    }

    public Compilation Compilation { get; }

    /// <summary>Whether <paramref name="type"/> is a type of the full name <paramref name="fullName"/>.</summary>
    public bool Is(INamedTypeSymbol type, string fullName)
    {
        if (!_types.TryGetValue(fullName, out var known))
        {
            return ContextParser.FullName(type) == fullName;
        }

        foreach (var candidate in known)
        {
            if (SymbolEqualityComparer.Default.Equals(candidate, type.OriginalDefinition))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The first attribute of the full name on <paramref name="symbol"/>, or <see langword="null"/>.</summary>
    public AttributeData? GetAttribute(ISymbol symbol, string fullName)
    {
        foreach (var attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { } c && Is(c, fullName))
            {
                return attribute;
            }
        }

        return null;
    }

    public bool HasAttribute(ISymbol symbol, string fullName) => GetAttribute(symbol, fullName) is not null;

    /// <summary>Every attribute of the full name on <paramref name="symbol"/>, in declaration order.</summary>
    public List<AttributeData> GetAttributes(ISymbol symbol, string fullName)
    {
        var attributes = new List<AttributeData>();
        foreach (var attribute in symbol.GetAttributes())
        {
            if (attribute.AttributeClass is { } c && Is(c, fullName))
            {
                attributes.Add(attribute);
            }
        }

        return attributes;
    }

    /// <summary>Whether <paramref name="type"/> derives, directly or not, from a class of the full name.</summary>
    public bool DerivesFrom(INamedTypeSymbol type, string fullName)
    {
        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            if (Is(current, fullName))
            {
                return true;
            }
        }

        return false;
    }
}
