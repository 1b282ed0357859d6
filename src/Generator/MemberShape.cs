using Microsoft.CodeAnalysis;

namespace Pack.Generator;

/// <summary>One serialized member of an object contract.</summary>
internal sealed class MemberShape
{
    public MemberShape(ISymbol symbol, ITypeSymbol type)
    {
        Symbol = symbol;
        Type = type;
    }

    /// <summary>The property or field.</summary>
    public ISymbol Symbol { get; }

    public ITypeSymbol Type { get; }

    public string Name => Symbol.Name;

    /// <summary>The constructor parameter bound to this member, or -1.</summary>
    public int ParameterIndex { get; set; } = -1;

    /// <summary>The fully qualified name of the base type declaring the member, or <see langword="null"/> when the contract's type does; set by the parser.</summary>
    public string? DeclaringType { get; set; }

    /// <summary>The base type declaring the member when it is generic (or nested in a generic type), closed as the contract's type sees it; set by the parser.</summary>
    public INamedTypeSymbol? DeclaringGeneric { get; set; }

    /// <summary>The fully qualified type name, set by the parser.</summary>
    public string TypeName { get; set; } = string.Empty;

    /// <summary>The member's type as an accessor declares it: <see cref="TypeName"/>, or in a generic definition's type parameters.</summary>
    public string AccessorTypeName { get; set; } = string.Empty;

    /// <summary>Whether generated code reads the member directly (else through an UnsafeAccessor).</summary>
    public bool GetterAccessible { get; set; }

    /// <summary>Whether generated code assigns the member directly (else through an UnsafeAccessor).</summary>
    public bool SetterAccessible { get; set; }

    /// <summary>The fixed-width wire size when plain (memory image = wire form), else 0.</summary>
    public int PlainSize { get; set; }

    /// <summary>Whether the member is a <see cref="bool"/> (plain on write, validated on read).</summary>
    public bool IsBoolean { get; set; }

    /// <summary>The full name of the built-in type the writer and reader have a method of their own for, or <see langword="null"/> for WriteValue/ReadValue.</summary>
    public string? Primitive { get; set; }
}
