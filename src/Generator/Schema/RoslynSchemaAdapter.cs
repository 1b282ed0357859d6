using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Collections;
using Pack.Schema.Building;

namespace Pack.Generator.Schema;

/// <summary>
/// The generator's adapter for the shared <see cref="SchemaBuilder{TType}"/>: answers from the shapes the parser decided
/// (kinds, collections, fixed layouts, union cases, members in wire order), as ContractDescriber answers from the
/// run-time path's formatters. Nothing here decides a schema rule.
/// </summary>
internal sealed partial class RoslynSchemaAdapter : SchemaAdapter<ITypeSymbol>
{
    private readonly Compilation _compilation;
    private readonly IReadOnlyDictionary<ITypeSymbol, TypeShape> _shapes;

    public RoslynSchemaAdapter(Compilation compilation, IReadOnlyDictionary<ITypeSymbol, TypeShape> shapes)
    {
        _compilation = compilation;
        _shapes = shapes;
    }

    /// <exception cref="InvalidOperationException">The type did not parse (its diagnostic is reported).</exception>
    public override SchemaDescription<ITypeSymbol> Describe(ITypeSymbol type)
    {
        // A primitive needs no shape: an enum's underlying integer is one the parser never visits.
        if (type.TypeKind != TypeKind.Enum && type is INamedTypeSymbol { IsGenericType: false }
            && SchemaPrimitives.TryGet(ContextParser.FullName(type), out string primitive, out int width))
        {
            return new SchemaDescription<ITypeSymbol>(SchemaKinds.Primitive, type.SpecialType == SpecialType.System_String) { Primitive = primitive, Width = width };
        }

        var shape = ShapeOf(type);
        type = shape.Type;
        switch (shape.Kind)
        {
            case ShapeKind.Primitive:
                throw new InvalidOperationException($"{type} is not a schema primitive.");
            case ShapeKind.Enum:
                var named = (INamedTypeSymbol)type;
                var values = new List<(string Name, string Value)>();
                foreach (var member in named.GetMembers())
                {
                    if (member is IFieldSymbol { HasConstantValue: true, IsStatic: true } field)
                    {
                        values.Add((field.Name, Convert.ToString(field.ConstantValue, CultureInfo.InvariantCulture)!));
                    }
                }

                return new SchemaDescription<ITypeSymbol>(SchemaKinds.Enum, nullable: false) { Parts = [named.EnumUnderlyingType!], EnumValues = values.ToArray() };
            case ShapeKind.Nullable:
                return new SchemaDescription<ITypeSymbol>(SchemaKinds.Nullable, nullable: true) { Parts = [TypeArgument(type, 0)] };
            case ShapeKind.Collection:
                return new SchemaDescription<ITypeSymbol>(CollectionTable.SchemaKind(shape.Collection), CollectionTable.IsNullable(shape.Collection))
                {
                    Parts = ContextParser.CollectionArgumentsOf(type).ToArray(),
                };
            case ShapeKind.Union:
                return new SchemaDescription<ITypeSymbol>(SchemaKinds.Union, nullable: true)
                {
                    Parts = shape.UnionCaseTypes.ToArray(),
                    Tags = shape.UnionCases.Select(static c => (int)c.Key).ToArray(),
                };
            default:
                var contract = shape.Object!;
                int fixedLength = type.IsValueType ? contract.FixedLength : -1;
                return new SchemaDescription<ITypeSymbol>(fixedLength >= 0 ? SchemaKinds.FrozenStruct : SchemaKinds.Object, !type.IsValueType)
                {
                    Width = Math.Max(fixedLength, 0),
                    Parts = contract.Members.Select(static m => m.Type).ToArray(),
                    MemberNames = contract.Members.Select(static m => m.Name).ToArray(),
                    MemberAnnotations = contract.Members.Select(static m => Annotate(m)).ToArray(),
                };
        }
    }

    /// <inheritdoc/>
    public override string Identity(ITypeSymbol type) => RoslynContractAdapter.ClrName(type);

    /// <inheritdoc/>
    public override string NameStem(ITypeSymbol type)
    {
        var named = Underlying(type);
        string name = named.Name;
        for (var containing = named.ContainingType; containing is not null; containing = containing.ContainingType)
        {
            name = containing.Name + "." + name;
        }

        var ns = named.ContainingNamespace;
        return ns is null || ns.IsGlobalNamespace ? name : ns.ToDisplayString() + "." + name;
    }

    /// <inheritdoc/>
    public override bool IsValueType(ITypeSymbol type) => type.IsValueType;

    /// <inheritdoc/>
    public override IReadOnlyList<ITypeSymbol> GenericArguments(ITypeSymbol type)
    {
        var arguments = new List<ITypeSymbol>();
        for (var current = Underlying(type); current is not null; current = current.ContainingType)
        {
            arguments.InsertRange(0, current.TypeArguments);
        }

        return arguments;
    }

    private static INamedTypeSymbol Underlying(ITypeSymbol type)
    {
        var named = (INamedTypeSymbol)type;
        return named.TupleUnderlyingType ?? named;
    }

    private static ITypeSymbol TypeArgument(ITypeSymbol type, int index) => Underlying(type).TypeArguments[index];

    private TypeShape ShapeOf(ITypeSymbol type)
        => _shapes.TryGetValue(type.WithNullableAnnotation(NullableAnnotation.None), out var shape)
            ? shape
            : throw new InvalidOperationException($"{type} did not parse.");
}
