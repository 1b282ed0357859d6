using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Collections;

namespace Pack.Generator;

/// <summary>One type of a context's closure and how it is written.</summary>
internal sealed class TypeShape
{
    public TypeShape(ITypeSymbol type, string name, ShapeKind kind)
    {
        Type = type;
        Name = name;
        Kind = kind;
    }

    public ITypeSymbol Type { get; }

    /// <summary>The fully qualified C# name.</summary>
    public string Name { get; }

    public ShapeKind Kind { get; }

    /// <summary>The row of <see cref="CollectionTable"/> of a <see cref="ShapeKind.Collection"/>.</summary>
    public CollectionKind Collection { get; set; }

    /// <summary>The element, key/value or underlying types.</summary>
    public List<string> Arguments { get; } = new();

    public ObjectShape? Object { get; set; }

    public List<KeyValuePair<ushort, string>> UnionCases { get; } = new();

    /// <summary>The case types of a union, in declaration order, visited after the union itself.</summary>
    public List<ITypeSymbol> UnionCaseTypes { get; } = new();
}
