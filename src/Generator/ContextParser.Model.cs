using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator;

/// <summary>Turns the parsed shapes, which hold Roslyn symbols, into the value-equatable model the emitter reads.</summary>
internal sealed partial class ContextParser
{
    /// <summary>The closure in discovery order, as plain values.</summary>
    public EquatableArray<TypeModel> ToModel()
    {
        var types = new List<TypeModel>(Shapes.Count);
        foreach (var shape in Shapes)
        {
            types.Add(new TypeModel(
                shape.Name,
                shape.Type.MetadataName,
                shape.Type.IsValueType,
                shape.Kind,
                shape.Collection,
                new EquatableArray<string>(shape.Arguments),
                new EquatableArray<UnionCaseModel>(shape.UnionCases.Select(static c => new UnionCaseModel(c.Key, c.Value)).ToList()),
                shape.Object is { } contract ? ToModel(shape.Type, contract) : null));
        }

        return new EquatableArray<TypeModel>(types);
    }

    private ObjectModel ToModel(ITypeSymbol type, ObjectShape contract)
    {
        var parameters = contract.Constructor?.Parameters ?? System.Collections.Immutable.ImmutableArray<IParameterSymbol>.Empty;
        var members = new List<MemberModel>(contract.Members.Count);
        var layout = _layout.Layout(type);
        int offset = 0;
        foreach (var member in contract.Members)
        {
            var property = member.Symbol as IPropertySymbol;
            string? storage = null;
            bool storageAccessible = false;
            int layoutOffset = -1;
            string? nested = null;
            if (layout == BlittableLayout.Candidate)
            {
                (storage, storageAccessible) = StorageOf(member.Symbol);
                layoutOffset = offset;
                offset += _layout.FixedLength(member.Type);
                nested = LayoutRules.IsBlittableScalar(_layout, member.Type) ? null : Display(member.Type);
            }

            members.Add(new MemberModel(
                member.Name,
                member.DeclaringType,
                member.DeclaringGeneric is { } declaring ? GenericOwnerOf(declaring) : null,
                member.Symbol is IFieldSymbol,
                property?.GetMethod?.Name,
                property?.SetMethod?.Name,
                member.ParameterIndex,
                member.ParameterIndex >= 0 ? DefaultValue(parameters[member.ParameterIndex], member) : null,
                member.TypeName,
                member.AccessorTypeName,
                member.GetterAccessible,
                member.SetterAccessible,
                member.PlainSize,
                member.IsBoolean,
                member.Primitive,
                storage,
                storageAccessible,
                layoutOffset,
                nested));
        }

        var constructorParameters = contract.Constructor is { } constructor
            ? constructor.OriginalDefinition.Parameters.Select(static p => new ParameterModel(Display(p.Type), p.Name)).ToList()
            : new List<ParameterModel>();
        var named = (INamedTypeSymbol)type;
        return new ObjectModel(
            new EquatableArray<MemberModel>(members),
            contract.Constructor is not null,
            new EquatableArray<ParameterModel>(constructorParameters),
            contract.ConstructorAccessible,
            contract.FixedLength,
            HasTypeParameters(named) ? GenericOwnerOf(named) : null,
            new EquatableArray<InstanceFieldModel>(InstanceFieldsOf(named)),
            layout,
            RunsUserCode(named, contract));
    }

    /// <summary>A generic type whose members accessors reach: its definition, and the type parameters and arguments of it and of the types it is nested in, outermost first.</summary>
    private static GenericOwnerModel GenericOwnerOf(INamedTypeSymbol type)
    {
        var chain = new List<INamedTypeSymbol>();
        for (var current = type; current is not null; current = current.ContainingType)
        {
            chain.Insert(0, current);
        }

        var parameters = new List<TypeParameterModel>();
        var arguments = new List<string>();
        foreach (var level in chain)
        {
            foreach (var parameter in level.OriginalDefinition.TypeParameters)
            {
                parameters.Add(new TypeParameterModel(
                    parameter.Name,
                    parameter.HasReferenceTypeConstraint,
                    parameter.ReferenceTypeConstraintNullableAnnotation == NullableAnnotation.Annotated,
                    parameter.HasValueTypeConstraint,
                    parameter.HasUnmanagedTypeConstraint,
                    parameter.HasNotNullConstraint,
                    parameter.HasConstructorConstraint,
                    parameter.AllowsRefLikeType,
                    new EquatableArray<string>(parameter.ConstraintTypes.Select(Display).ToList())));
            }

            arguments.AddRange(level.TypeArguments.Select(Display));
        }

        return new GenericOwnerModel(Display(type.OriginalDefinition), new EquatableArray<TypeParameterModel>(parameters), new EquatableArray<string>(arguments));
    }

    /// <summary>The default of a constructor parameter as ObjectEmitter.EmitConstant loads it, or <see langword="null"/> for the zero value.</summary>
    private static ConstantModel? DefaultValue(IParameterSymbol parameter, MemberShape member)
    {
        if (!parameter.HasExplicitDefaultValue || parameter.ExplicitDefaultValue is not { } value)
        {
            return null;
        }

        // A Nullable parameter's default (int? p = 5) is its element's constant.
        var element = member.Type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T ? ((INamedTypeSymbol)member.Type).TypeArguments[0] : member.Type;
        var target = element is INamedTypeSymbol { TypeKind: TypeKind.Enum } e ? e.EnumUnderlyingType! : element;
        return target.SpecialType switch
        {
            SpecialType.System_Boolean or SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16
                or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Char
                or SpecialType.System_String or SpecialType.System_Single or SpecialType.System_Double => new ConstantModel(target.SpecialType, value),
            _ => null,
        };
    }
}
