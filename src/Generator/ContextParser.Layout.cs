using System.Linq;
using Microsoft.CodeAnalysis;

namespace Pack.Generator;

/// <summary>What the layout rules ask of the parser (RoslynLayoutAdapter).</summary>
internal sealed partial class ContextParser
{
    /// <summary>
    /// The contract of a struct or class: the one already parsed, else built now, once, for a type the layout rules reach
    /// before the walk does (a member's struct); a broken rule is reported when the walk reaches the type, not here.
    /// </summary>
    internal ObjectShape? ObjectOf(INamedTypeSymbol type)
        => _shapes.TryGetValue(type, out var existing) ? existing.Object : ContractOf(type).Shape;

    /// <summary>The field holding a member's value (ObjectMember.StorageField): the field itself or an auto-property's backing field, and whether generated code reaches it directly.</summary>
    internal (string? Field, bool Accessible) StorageOf(ISymbol member)
    {
        switch (member)
        {
            case IFieldSymbol field:
                return (field.Name, IsAccessible(field));
            case IPropertySymbol property:
                foreach (var field in property.ContainingType.GetMembers().OfType<IFieldSymbol>())
                {
                    if (SymbolEqualityComparer.Default.Equals(field.AssociatedSymbol, property))
                    {
                        return (field.Name, false);
                    }
                }

                return (null, false);
            default:
                return (null, false);
        }
    }
}
