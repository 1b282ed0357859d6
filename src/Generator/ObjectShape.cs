using System.Collections.Generic;
using Microsoft.CodeAnalysis;

namespace Pack.Generator;

/// <summary>The contract of a class, struct or record, computed with the rules of the run-time ObjectContract.</summary>
internal sealed class ObjectShape
{
    public ObjectShape(List<MemberShape> members, IMethodSymbol? constructor, bool constructorAccessible)
    {
        Members = members;
        Constructor = constructor;
        ConstructorAccessible = constructorAccessible;
    }

    /// <summary>The members in wire order.</summary>
    public List<MemberShape> Members { get; }

    /// <summary>The constructor to call; <see langword="null"/> for a struct built from its default value.</summary>
    public IMethodSymbol? Constructor { get; }

    /// <summary>Whether generated code can call <see cref="Constructor"/> with <c>new</c> (else through an UnsafeAccessor).</summary>
    public bool ConstructorAccessible { get; }

    /// <summary>The fixed wire length of a struct written without a header, or -1.</summary>
    public int FixedLength { get; set; } = -1;

    /// <summary>Whether generated code can declare UnsafeAccessors for this type (not a generic type with constrained type parameters or a generic containing type).</summary>
    public bool AccessorsAvailable { get; set; } = true;

}
