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
        var layout = LayoutOf(type);
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
                offset += FixedLengthOf(member.Type, null);
                nested = IsBlittableScalar(member.Type) ? null : Display(member.Type);
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

    /// <summary>
    /// Whether a struct is blittable, by TypeLayout.IsBlittableStruct's rules as far as the compilation shows them: a fixed
    /// wire length, every member blittable (enums, the blittable built-in types, blittable structs) and held in a field
    /// (a field, or an auto-property's backing field). Whether those fields lie back to back in wire order on the host is
    /// left to the generated run-time check.
    /// </summary>
    private BlittableLayout LayoutOf(ITypeSymbol type)
    {
        if (_layouts.TryGetValue(type, out var known))
        {
            return known;
        }

        _layouts[type] = BlittableLayout.Unknown; // A struct cannot contain itself; this only stops a malformed cycle.
        var layout = ComputeLayout(type);
        _layouts[type] = layout;
        return layout;
    }

    private BlittableLayout ComputeLayout(ITypeSymbol type)
    {
        if (!type.IsValueType || type is not INamedTypeSymbol named || !_shapes.TryGetValue(type, out var shape) || shape.Object is not { } contract)
        {
            return BlittableLayout.Unknown;
        }

        if (contract.FixedLength <= 0)
        {
            return BlittableLayout.No;
        }

        // A closed generic struct (GenericSpan<long>, a large tuple) is decided like any other, as TypeLayout decides it;
        // its storage fields are reached through its Access<…> class, which a constrained definition cannot have.
        var result = BlittableLayout.Candidate;
        foreach (var member in contract.Members)
        {
            // Other fixed-width built-in types (bool, dates, decimal) are validated or re-encoded on the wire, never copied raw.
            var memberLayout = IsBlittableScalar(member.Type) ? BlittableLayout.Candidate
                : _shapes.TryGetValue(member.Type, out var memberShape) && memberShape.Object is not null ? LayoutOf(member.Type)
                : BlittableLayout.No;
            if (memberLayout == BlittableLayout.Candidate && StorageOf(member.Symbol) is { Field: not null, Accessible: false } && !contract.AccessorsAvailable)
            {
                memberLayout = BlittableLayout.Unknown;
            }

            if (memberLayout == BlittableLayout.Candidate && StorageOf(member.Symbol).Field is null)
            {
                // A property without a backing field in source is never blittable; one from metadata may have a hidden one.
                memberLayout = member.Symbol.Locations.Any(static l => l.IsInSource) ? BlittableLayout.No : BlittableLayout.Unknown;
            }

            if (memberLayout == BlittableLayout.No)
            {
                return BlittableLayout.No;
            }

            if (memberLayout == BlittableLayout.Unknown)
            {
                result = BlittableLayout.Unknown;
            }
        }

        return result;
    }

    /// <summary>Whether a member type is blittable by itself (TypeLayout.IsBlittable without a struct's contract): an enum or a blittable built-in type.</summary>
    private static bool IsBlittableScalar(ITypeSymbol type)
        => type.TypeKind == TypeKind.Enum || (type is INamedTypeSymbol { IsGenericType: false } && ContractRules.IsBlittablePrimitive(FullName(type)));

    /// <summary>The field holding a member's value (ObjectMember.StorageField): the field itself or an auto-property's backing field, and whether generated code reaches it directly.</summary>
    private (string? Field, bool Accessible) StorageOf(ISymbol member)
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
