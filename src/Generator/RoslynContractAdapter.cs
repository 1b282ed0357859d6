using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Contracts;
using Pack.Formatters.Objects;

namespace Pack.Generator;

/// <summary>
/// The generator's answers to <see cref="ContractBuilder{TType, TMember, TConstructor}"/>, read from Roslyn symbols so
/// that they are what reflection answers for the compiled type (ReflectionContractAdapter at run time).
/// </summary>
internal sealed class RoslynContractAdapter : ContractAdapter<ITypeSymbol, ISymbol, IMethodSymbol>
{
    private readonly KnownTypeSymbols _known;

    public RoslynContractAdapter(KnownTypeSymbols known) => _known = known;

    /// <summary>The type as <c>System.Type.ToString()</c> writes it (<c>App.Box`1[System.Int32]</c>), so messages read the same on both paths.</summary>
    public static string ClrName(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return ClrName(array.ElementType) + (array.Rank == 1 ? "[]" : "[" + new string(',', array.Rank - 1) + "]");
            case INamedTypeSymbol named:
                named = named.TupleUnderlyingType ?? named;
                var arguments = new List<ITypeSymbol>();
                for (var current = named; current is not null; current = current.ContainingType)
                {
                    arguments.InsertRange(0, current.TypeArguments);
                }

                string name = ContextParser.FullName(named.OriginalDefinition);
                if (arguments.Count == 0 || named.IsUnboundGenericType)
                {
                    return name;
                }

                var text = new StringBuilder(name).Append('[');
                for (int i = 0; i < arguments.Count; i++)
                {
                    text.Append(i == 0 ? string.Empty : ",").Append(ClrName(arguments[i]));
                }

                return text.Append(']').ToString();
            default:
                return type.Name;
        }
    }

    public override string Display(ITypeSymbol type) => ClrName(type);

    public override IReadOnlyList<ITypeSymbol> SelfAndBases(ITypeSymbol type)
    {
        var hierarchy = new List<ITypeSymbol>();
        for (var current = type as INamedTypeSymbol; current is not null && current.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); current = current.BaseType)
        {
            hierarchy.Add(current);
        }

        return hierarchy;
    }

    public override IReadOnlyList<ISymbol> DeclaredProperties(ITypeSymbol level)
        => level.GetMembers().OfType<IPropertySymbol>().Where(static p => !p.IsStatic && !p.IsIndexer && p.GetMethod is not null).ToList<ISymbol>();

    public override IReadOnlyList<ISymbol> DeclaredFields(ITypeSymbol level)
    {
        var named = (INamedTypeSymbol)level;
        return FieldsOf(named).Where(field => !field.IsStatic && !field.IsConst && (named.IsTupleType || !field.IsImplicitlyDeclared) && field.AssociatedSymbol is null
            && !_known.HasAttribute(field, KnownTypeSymbols.CompilerGeneratedAttribute)).ToList<ISymbol>();
    }

    public override string NameOf(ISymbol member) => member.Name;

    public override ITypeSymbol TypeOf(ISymbol member) => member is IPropertySymbol property ? property.Type : ((IFieldSymbol)member).Type;

    public override bool IsPublic(ISymbol member)
        => member is IPropertySymbol property ? property.GetMethod!.DeclaredAccessibility == Accessibility.Public : member.DeclaredAccessibility == Accessibility.Public;

    public override bool CanAssign(ISymbol member) => member is IPropertySymbol property ? property.SetMethod is not null : !((IFieldSymbol)member).IsReadOnly;

    public override bool HasAttribute(ITypeSymbol type, string fullName) => _known.HasAttribute(type, fullName);

    public override bool HasAttribute(ISymbol member, string fullName) => _known.HasAttribute(member, fullName);

    public override bool HasAttribute(IMethodSymbol constructor, string fullName) => _known.HasAttribute(constructor, fullName);

    public override int? JsonIgnoreCondition(ISymbol member)
    {
        var attribute = _known.GetAttribute(member, ContractRules.JsonIgnoreAttribute);
        if (attribute is null)
        {
            return null;
        }

        foreach (var argument in attribute.NamedArguments)
        {
            if (argument.Key == "Condition" && argument.Value.Value is int condition)
            {
                return condition;
            }
        }

        return ContractRules.JsonIgnoreAlways;
    }

    public override int? PackOrder(ISymbol member)
        => _known.GetAttribute(member, ContractRules.PackOrderAttribute) is { ConstructorArguments.Length: 1 } attribute && attribute.ConstructorArguments[0].Value is int order ? order : null;

    public override bool IsValueType(ITypeSymbol type) => type.IsValueType;

    public override IReadOnlyList<IMethodSymbol> Constructors(ITypeSymbol type)
        => ((INamedTypeSymbol)type).InstanceConstructors.Where(c => !(type.IsValueType && c.IsImplicitlyDeclared && c.Parameters.Length == 0)).ToList(); // Reflection does not see a struct's implicit parameterless constructor.

    public override bool IsPublic(IMethodSymbol constructor) => constructor.DeclaredAccessibility == Accessibility.Public;

    public override IReadOnlyList<ITypeSymbol> ParameterTypes(IMethodSymbol constructor) => constructor.Parameters.Select(static p => p.Type).ToList();

    public override IReadOnlyList<string> ParameterNames(IMethodSymbol constructor) => constructor.Parameters.Select(static p => p.Name).ToList();

    public override bool SameType(ITypeSymbol left, ITypeSymbol right) => ContextParser.SameRuntimeType(left, right);

    public override bool IsOpen(ITypeSymbol type) => type.TypeKind == TypeKind.TypeParameter || type is INamedTypeSymbol { IsUnboundGenericType: true };

    public override bool IsPointerOrRefLike(ITypeSymbol type) => type.TypeKind is TypeKind.Pointer or TypeKind.FunctionPointer || type.IsRefLikeType;

    public override bool IsDelegate(ITypeSymbol type) => type.TypeKind == TypeKind.Delegate;

    public override bool IsEnumerable(ITypeSymbol type)
        => type.SpecialType == SpecialType.System_Collections_IEnumerable || type.AllInterfaces.Any(static i => i.SpecialType == SpecialType.System_Collections_IEnumerable);

    public override bool IsAbstract(ITypeSymbol type) => type.IsAbstract || type.TypeKind == TypeKind.Interface;

    /// <summary>
    /// The fields of a level in declaration order. Roslyn shows a tuple through its element fields (named ones, and
    /// Item8… standing for Rest.Item1…), so a tuple's real fields are taken from its definition, as reflection sees them.
    /// </summary>
    private static IEnumerable<IFieldSymbol> FieldsOf(INamedTypeSymbol level)
    {
        if (!level.IsTupleType)
        {
            return level.GetMembers().OfType<IFieldSymbol>();
        }

        var fields = new List<IFieldSymbol>();
        foreach (var definition in level.OriginalDefinition.GetMembers().OfType<IFieldSymbol>())
        {
            if (!definition.IsStatic && level.GetMembers(definition.Name).OfType<IFieldSymbol>().FirstOrDefault() is { } field)
            {
                fields.Add(field);
            }
        }

        return fields;
    }
}
