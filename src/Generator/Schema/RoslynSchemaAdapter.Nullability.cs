using System.Linq;
using Microsoft.CodeAnalysis;
using Pack.Schema.Building;

namespace Pack.Generator.Schema;

/// <summary>
/// Members' nullability annotations (docs/schema.md §1.4), read from the symbols as the run-time path reads them with
/// NullabilityInfoContext (ContractDescriber.Nullability): the declared <see cref="NullableAnnotation"/> of the member
/// in its generic type's definition (a place typed by a type parameter is oblivious), with the read state's
/// <c>[NotNull]</c>/<c>[MaybeNull]</c> on the member, a property's getter return or a field.
/// </summary>
internal sealed partial class RoslynSchemaAdapter
{
    private const string CodeAnalysis = "System.Diagnostics.CodeAnalysis.";

    private static SchemaAnnotation<ITypeSymbol> Annotate(MemberShape member)
    {
        var declaration = Declaration(member.Symbol);
        var declared = declaration is IPropertySymbol property ? property.Type : ((IFieldSymbol)declaration).Type;
        var annotation = Annotate(member.Type, declared);
        if (declared is ITypeParameterSymbol || member.Type.IsValueType)
        {
            return annotation;
        }

        // NullabilityInfoContext's read state: [NotNull] wins, then [MaybeNull]/[MaybeNullWhen].
        var attributes = declaration is IPropertySymbol p
            ? p.GetAttributes().AddRange(p.GetMethod?.GetReturnTypeAttributes() ?? [])
            : declaration.GetAttributes();
        var names = attributes.Select(static a => a.AttributeClass is { } c ? ContextParser.FullName(c) : string.Empty).ToList();
        char state = names.Contains(CodeAnalysis + "NotNullAttribute") ? SchemaNullability.NonNullable
            : names.Contains(CodeAnalysis + "MaybeNullAttribute") || names.Contains(CodeAnalysis + "MaybeNullWhenAttribute") ? SchemaNullability.Nullable
            : annotation.State;
        return new SchemaAnnotation<ITypeSymbol>(annotation.Type, state, annotation.Arguments);
    }

    /// <summary>
    /// The member as its type's generic definition declares it: for a tuple of more than seven items Roslyn answers
    /// <see cref="ISymbol.OriginalDefinition"/> of an element field (<c>Item1</c>… of <c>ValueTuple`8</c>) with the field
    /// typed by the use site's arguments, not by <c>T1</c>…, so it is looked up in the definition by name.
    /// </summary>
    private static ISymbol Declaration(ISymbol member)
    {
        if (member.ContainingType is { } containing)
        {
            var definition = (containing.TupleUnderlyingType ?? containing).OriginalDefinition;
            foreach (var candidate in definition.GetMembers(member.Name))
            {
                if (candidate.Kind == member.Kind)
                {
                    return candidate;
                }
            }
        }

        return member.OriginalDefinition;
    }

    /// <summary>The annotation of the closed <paramref name="type"/> at a place the definition declares as <paramref name="declared"/>.</summary>
    private static SchemaAnnotation<ITypeSymbol> Annotate(ITypeSymbol type, ITypeSymbol declared)
    {
        if (declared is ITypeParameterSymbol)
        {
            return new SchemaAnnotation<ITypeSymbol>(type, SchemaNullability.Oblivious, []);
        }

        char state = declared.NullableAnnotation switch
        {
            NullableAnnotation.Annotated => SchemaNullability.Nullable,
            NullableAnnotation.NotAnnotated => SchemaNullability.NonNullable,
            _ => declared.IsValueType ? SchemaNullability.NonNullable : SchemaNullability.Oblivious,
        };

        SchemaAnnotation<ITypeSymbol>[] arguments = [];
        if (type is IArrayTypeSymbol array && declared is IArrayTypeSymbol declaredArray)
        {
            arguments = [Annotate(array.ElementType, declaredArray.ElementType)];
        }
        else if (type is INamedTypeSymbol named && declared is INamedTypeSymbol declaredNamed)
        {
            var closed = (named.TupleUnderlyingType ?? named).TypeArguments;
            var open = (declaredNamed.TupleUnderlyingType ?? declaredNamed).TypeArguments;
            if (closed.Length == open.Length)
            {
                arguments = closed.Select((t, i) => Annotate(t, open[i])).ToArray();
            }
        }

        return new SchemaAnnotation<ITypeSymbol>(type, state, arguments);
    }
}
