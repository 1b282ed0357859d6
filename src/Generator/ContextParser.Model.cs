using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
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
                member.PrimitiveMethod,
                storage,
                storageAccessible,
                layoutOffset,
                nested));
        }

        string accessorParameters = contract.Constructor is { } constructor
            ? string.Join(", ", constructor.OriginalDefinition.Parameters.Select(static p => Display(p.Type) + " " + ContextEmitter.Identifier(p.Name)))
            : string.Empty;
        return new ObjectModel(
            new EquatableArray<MemberModel>(members),
            contract.Constructor is not null,
            parameters.Length,
            accessorParameters,
            contract.ConstructorAccessible,
            contract.FixedLength,
            contract.AccessTarget,
            contract.AccessClass,
            contract.AccessPrefix,
            contract.InstanceSize,
            layout);
    }

    /// <summary>The default of a constructor parameter as ObjectEmitter.EmitConstant loads it, or <see langword="null"/> for the zero value.</summary>
    private static string? DefaultValue(IParameterSymbol parameter, MemberShape member)
    {
        if (!parameter.HasExplicitDefaultValue || parameter.ExplicitDefaultValue is not { } value || member.Type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            return null;
        }

        var target = member.Type is INamedTypeSymbol { TypeKind: TypeKind.Enum } e ? e.EnumUnderlyingType! : member.Type;
        string? literal = target.SpecialType switch
        {
            SpecialType.System_Boolean or SpecialType.System_Byte or SpecialType.System_SByte or SpecialType.System_Int16 or SpecialType.System_UInt16
                or SpecialType.System_Int32 or SpecialType.System_UInt32 or SpecialType.System_Int64 or SpecialType.System_UInt64 or SpecialType.System_Char
                or SpecialType.System_String => SymbolDisplay.FormatPrimitive(value, quoteStrings: true, useHexadecimalNumbers: false),
            SpecialType.System_Single => FloatLiteral(System.Convert.ToDouble(value, CultureInfo.InvariantCulture), "float"),
            SpecialType.System_Double => FloatLiteral(System.Convert.ToDouble(value, CultureInfo.InvariantCulture), "double"),
            _ => null,
        };

        if (literal is null)
        {
            return null;
        }

        return value is char c ? $"({member.TypeName})({((int)c).ToString(CultureInfo.InvariantCulture)})" : $"({member.TypeName})({literal})";
    }

    private static string FloatLiteral(double value, string keyword)
    {
        if (double.IsNaN(value))
        {
            return $"{keyword}.NaN";
        }

        if (double.IsInfinity(value))
        {
            return value > 0 ? $"{keyword}.PositiveInfinity" : $"{keyword}.NegativeInfinity";
        }

        return value.ToString("R", CultureInfo.InvariantCulture) + (keyword == "float" ? "f" : "d");
    }
}
