using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Pack.Formatters.Collections;
using Pack.Formatters.Contracts;
using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator;

/// <summary>
/// Walks the closure of a context's root types and decides, for each, what the run-time factory and ObjectContract
/// would decide: the same order of checks, the same member discovery, constructor choice and layout rules.
/// </summary>
internal sealed partial class ContextParser
{
    public static readonly SymbolDisplayFormat TypeFormat = SymbolDisplayFormat.FullyQualifiedFormat;

    private readonly KnownTypeSymbols _known;
    private readonly Compilation _compilation;
    private readonly RoslynContractAdapter _contracts;
    private readonly INamedTypeSymbol _context;
    private readonly Location _location;
    private readonly Dictionary<ITypeSymbol, TypeShape> _shapes = new(SymbolEqualityComparer.Default);
    private readonly HashSet<ITypeSymbol> _failed = new(SymbolEqualityComparer.Default);
    private readonly Dictionary<ITypeSymbol, ContractResult> _contractsBuilt = new(SymbolEqualityComparer.Default);
    private readonly RoslynLayoutAdapter _layout;
    private readonly List<ITypeSymbol> _roots = new();

    public ContextParser(KnownTypeSymbols known, INamedTypeSymbol context, Location location)
    {
        _known = known;
        _compilation = known.Compilation;
        _contracts = new RoslynContractAdapter(known);
        _context = context;
        _location = location;
        _layout = new RoslynLayoutAdapter(this);
    }

    public List<DiagnosticInfo> Diagnostics { get; } = new();

    /// <summary>The types recognised by name, resolved once per compilation.</summary>
    public KnownTypeSymbols Known => _known;

    /// <summary>The shapes in discovery order.</summary>
    public List<TypeShape> Shapes { get; } = new();

    public void AddRoot(ITypeSymbol root, Location? location)
    {
        _roots.Add(root.WithNullableAnnotation(NullableAnnotation.None));
        Visit(root, "Root type " + RoslynContractAdapter.ClrName(root), location ?? _location);
    }

    public static string Display(ITypeSymbol type) => type.WithNullableAnnotation(NullableAnnotation.None).ToDisplayString(TypeFormat);

    public static string FullName(ITypeSymbol type)
    {
        var ns = type.ContainingNamespace;
        string prefix = ns is null || ns.IsGlobalNamespace ? string.Empty : ns.ToDisplayString() + ".";
        string nesting = string.Empty;
        for (var containing = type.ContainingType; containing is not null; containing = containing.ContainingType)
        {
            nesting = containing.MetadataName + "+" + nesting;
        }

        return prefix + nesting + type.MetadataName;
    }

    private static string FullName(INamedTypeSymbol type) => FullName((ITypeSymbol)type);

    private bool IsAccessible(ISymbol symbol) => _compilation.IsSymbolAccessibleWithin(symbol, _context);

    private bool IsTypeAccessible(ITypeSymbol type)
    {
        switch (type)
        {
            case IArrayTypeSymbol array:
                return IsTypeAccessible(array.ElementType);
            case INamedTypeSymbol named:
                if (!IsAccessible(named.OriginalDefinition))
                {
                    return false;
                }

                foreach (var argument in named.TypeArguments)
                {
                    if (!IsTypeAccessible(argument))
                    {
                        return false;
                    }
                }

                return true;
            default:
                return IsAccessible(type);
        }
    }

    private void Report(DiagnosticDescriptor descriptor, Location location, params string[] arguments)
        => Diagnostics.Add(DiagnosticInfo.Create(descriptor, location, arguments));

    private void Visit(ITypeSymbol type, string path, Location location)
    {
        type = type.WithNullableAnnotation(NullableAnnotation.None);
        if (_shapes.ContainsKey(type) || _failed.Contains(type) || type.TypeKind == TypeKind.Error)
        {
            return;
        }

        var shape = Classify(type, path, location);
        if (shape is null)
        {
            _failed.Add(type);
            return;
        }

        _shapes.Add(type, shape);
        Shapes.Add(shape);
        if (shape.Kind != ShapeKind.Primitive && !IsTypeAccessible(type))
        {
            Report(PackDiagnostics.Inaccessible, location, Display(type), _context.Name);
            _failed.Add(type);
            _shapes.Remove(type);
            Shapes.Remove(shape);
            return;
        }

        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                Visit(ElementOf(type), path + " element", location);
                break;
            case ShapeKind.Collection:
                var arguments = CollectionArgumentsOf(type);
                for (int i = 0; i < arguments.Count; i++)
                {
                    Visit(arguments[i], path + " " + CollectionTable.ArgumentRole(shape.Collection, i), location);
                }

                break;
            case ShapeKind.Union:
                foreach (var caseType in shape.UnionCaseTypes)
                {
                    Visit(caseType, path + " case " + caseType.Name, location);
                }

                VisitTypeArguments(type, location);
                break;
            case ShapeKind.Object:
                foreach (var member in shape.Object!.Members)
                {
                    Visit(member.Type, RoslynContractAdapter.ClrName(type) + "." + member.Name, location);
                }

                VisitTypeArguments(type, location);
                break;
        }
    }

    /// <summary>
    /// A generic type's schema name holds its type arguments' labels (docs/schema.md §1.2), so the schema builder
    /// describes every argument, also one no member uses (<c>Tagged&lt;int?&gt;</c> whose <c>T</c> only tags it). An
    /// argument Pack cannot describe (<c>object</c>) is left out with whatever its walk added, and reported by nobody: no
    /// value of it is written, and the root has no schema, as <c>PackSchema.For</c> refuses it at run time.
    /// </summary>
    private void VisitTypeArguments(ITypeSymbol type, Location location)
    {
        for (var current = type as INamedTypeSymbol; current is not null; current = current.ContainingType)
        {
            foreach (var argument in current.TypeArguments)
            {
                var key = argument.WithNullableAnnotation(NullableAnnotation.None);
                if (_shapes.ContainsKey(key) || _failed.Contains(key))
                {
                    continue;
                }

                int diagnostics = Diagnostics.Count;
                int shapes = Shapes.Count;
                var failed = new HashSet<ITypeSymbol>(_failed, SymbolEqualityComparer.Default);
                Visit(argument, RoslynContractAdapter.ClrName(type) + " type argument", location);
                if (Diagnostics.Count == diagnostics)
                {
                    continue;
                }

                Diagnostics.RemoveRange(diagnostics, Diagnostics.Count - diagnostics);
                foreach (var added in Shapes.GetRange(shapes, Shapes.Count - shapes))
                {
                    _shapes.Remove(added.Type);
                }

                Shapes.RemoveRange(shapes, Shapes.Count - shapes);
                _failed.IntersectWith(failed);
            }
        }
    }

    private static ITypeSymbol ElementOf(ITypeSymbol type)
        => type is IArrayTypeSymbol array ? array.ElementType : ((INamedTypeSymbol)type).TypeArguments[0];

    /// <summary>The row of <see cref="CollectionTable"/> that writes <paramref name="type"/>, or <see cref="CollectionKind.None"/> (as PackFormatterFactory.CollectionKindOf reads a System.Type).</summary>
    internal static CollectionKind CollectionKindOf(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol array => array.IsSZArray ? CollectionKind.Array : CollectionKind.None,
        INamedTypeSymbol { IsGenericType: true, IsUnboundGenericType: false } named => CollectionTable.KindOf(FullName(named.OriginalDefinition)),
        _ => CollectionKind.None,
    };

    /// <summary>The type arguments of a collection's <see cref="CollectionTable"/> row: an array's element type, else the type's own type arguments.</summary>
    internal static IReadOnlyList<ITypeSymbol> CollectionArgumentsOf(ITypeSymbol type)
        => type is IArrayTypeSymbol array ? new[] { array.ElementType } : ((INamedTypeSymbol)type).TypeArguments;

    private TypeShape? Classify(ITypeSymbol type, string path, Location location)
    {
        string name = Display(type);
        if (type.SpecialType == SpecialType.System_Object || type.TypeKind == TypeKind.Dynamic)
        {
            Report(PackDiagnostics.For(ContractErrors.ObjectTyped), location, path);
            return null;
        }

        string fullName = FullName(type);
        if (type.TypeKind != TypeKind.Enum && (fullName == "System.String" || ContractRules.FixedLength(fullName) > 0) && type is INamedTypeSymbol { IsGenericType: false })
        {
            return new TypeShape(type, name, ShapeKind.Primitive);
        }

        if (type.TypeKind == TypeKind.Enum)
        {
            return new TypeShape(type, name, ShapeKind.Enum);
        }

        if (type is IArrayTypeSymbol { IsSZArray: false })
        {
            Report(PackDiagnostics.For(ContractErrors.MultiDimensionalArray), location, path, RoslynContractAdapter.ClrName(type));
            return null;
        }

        if (type is INamedTypeSymbol { IsGenericType: true } generic && FullName(generic.OriginalDefinition) == "System.Nullable`1")
        {
            return WithArguments(new TypeShape(type, name, ShapeKind.Nullable), generic.TypeArguments);
        }

        if (CollectionKindOf(type) is var collection and not CollectionKind.None)
        {
            return WithArguments(new TypeShape(type, name, ShapeKind.Collection) { Collection = collection }, CollectionArgumentsOf(type));
        }

        if ((type.IsAbstract || type.TypeKind == TypeKind.Interface) && (_known.HasAttribute(type, ContractRules.PackUnionAttribute) || _known.HasAttribute(type, ContractRules.JsonDerivedTypeAttribute)))
        {
            return ClassifyUnion(type, name, path, location);
        }

        string? unsupported = WhyNotObject(type);
        if (unsupported is not null)
        {
            Report(PackDiagnostics.For(ContractErrors.UnsupportedType), location, path, RoslynContractAdapter.ClrName(type), unsupported);
            return null;
        }

        var contract = ContractOf((INamedTypeSymbol)type);
        if (contract.Shape is null)
        {
            Report(contract.Error!, location, contract.Arguments);
            return null;
        }

        return new TypeShape(type, name, ShapeKind.Object) { Object = contract.Shape };
    }

    private static TypeShape WithArguments(TypeShape shape, IReadOnlyList<ITypeSymbol> arguments)
    {
        foreach (var argument in arguments)
        {
            shape.Arguments.Add(Display(argument));
        }

        return shape;
    }

    /// <summary>
    /// Why a type is not written member by member, as the run-time factory decides it (ContractBuilder.WhyNotObject, and
    /// any type that is not a named type), or <see langword="null"/>.
    /// </summary>
    internal string? WhyNotObject(ITypeSymbol type)
        => ContractBuilder<ITypeSymbol, ISymbol, IMethodSymbol>.WhyNotObject(_contracts, type)
           ?? (type is INamedTypeSymbol ? null : ContractErrors.NotAnObjectReason);

    private TypeShape? ClassifyUnion(ITypeSymbol type, string name, string path, Location location)
    {
        var shape = new TypeShape(type, name, ShapeKind.Union);
        var cases = new List<KeyValuePair<ushort, ITypeSymbol>>();
        var packCases = _known.GetAttributes(type, ContractRules.PackUnionAttribute);
        try
        {
            if (packCases.Count > 0)
            {
                foreach (var attribute in packCases)
                {
                    if (attribute.ConstructorArguments.Length == 2 && attribute.ConstructorArguments[0].Value is ushort tag && attribute.ConstructorArguments[1].Value is ITypeSymbol caseType)
                    {
                        cases.Add(new KeyValuePair<ushort, ITypeSymbol>(tag, caseType));
                    }
                }
            }
            else
            {
                foreach (var attribute in _known.GetAttributes(type, ContractRules.JsonDerivedTypeAttribute))
                {
                    var arguments = attribute.ConstructorArguments;
                    if (arguments.Length >= 1 && arguments[0].Value is ITypeSymbol caseType)
                    {
                        object? discriminator = arguments.Length == 2 ? arguments[1].Value : null;
                        cases.Add(new KeyValuePair<ushort, ITypeSymbol>(UnionRules.TagOf(discriminator, RoslynContractAdapter.ClrName(type), RoslynContractAdapter.ClrName(caseType)), caseType));
                    }
                }
            }

            UnionRules.CheckCases(
                RoslynContractAdapter.ClrName(type),
                cases,
                caseType => _compilation.ClassifyCommonConversion(caseType, type).IsImplicit && caseType.TypeKind != TypeKind.Interface && !caseType.IsAbstract,
                static (a, b) => SymbolEqualityComparer.Default.Equals(a, b),
                RoslynContractAdapter.ClrName);
        }
        catch (ContractException exception)
        {
            Report(PackDiagnostics.For(exception.Error), location, exception.Arguments);
            return null;
        }

        foreach (var pair in cases)
        {
            shape.UnionCases.Add(new KeyValuePair<ushort, string>(pair.Key, Display(pair.Value)));
            shape.UnionCaseTypes.Add(pair.Value);
        }

        // The cases are visited once the union itself is known (Visit), so a case that holds the union (a recursive
        // union, an expression tree) finds it there instead of classifying it a second time.
        return shape;
    }

    /// <summary>
    /// The contract of a class, struct or record, built once whichever asks first: <see cref="Classify"/>, which reports
    /// a failure where the type was reached, or the layout rules (<see cref="ObjectOf"/>), which ask about a member's
    /// struct before the walk reaches it and report nothing.
    /// </summary>
    private ContractResult ContractOf(INamedTypeSymbol type)
    {
        if (!_contractsBuilt.TryGetValue(type, out var result))
        {
            result = BuildContract(type);
            _contractsBuilt[type] = result;
        }

        return result;
    }

    private ContractResult BuildContract(INamedTypeSymbol type)
    {
        string name = Display(type);
        ContractDescription<ITypeSymbol, ISymbol, IMethodSymbol> description;
        try
        {
            description = ContractBuilder<ITypeSymbol, ISymbol, IMethodSymbol>.Build(_contracts, type);
        }
        catch (ContractException exception)
        {
            return ContractResult.Failed(PackDiagnostics.For(exception.Error), exception.Arguments);
        }

        var constructor = description.Constructor;
        var members = new List<MemberShape>(description.Members.Count);
        foreach (var member in description.Members)
        {
            members.Add(new MemberShape(member.Member, member.Type) { ParameterIndex = member.ParameterIndex });
        }

        bool requiredMembers = HasRequiredMembers(type) && (constructor is null || !_known.HasAttribute(constructor, KnownTypeSymbols.SetsRequiredMembersAttribute));
        bool constructorAccessible = constructor is null || (IsAccessible(constructor) && !requiredMembers);

        // A generic type's accessors live in a generic class whose type parameters stand for the type's and its
        // containing types' (GenericOwnerModel); only a name declared twice among those leaves it without one.
        string? repeated = RepeatedTypeParameter(type);
        if (repeated is not null && !constructorAccessible)
        {
            return ContractResult.Failed(PackDiagnostics.GenericNeedsAccessor, name, ".ctor", Display(type.OriginalDefinition), repeated);
        }

        foreach (var member in members)
        {
            member.TypeName = Display(member.Type);
            string memberFullName = member.Type.TypeKind == TypeKind.Enum ? FullName(((INamedTypeSymbol)member.Type).EnumUnderlyingType!) : FullName(member.Type);
            member.PlainSize = member.Type is INamedTypeSymbol { IsGenericType: false } ? ContractRules.PlainSize(memberFullName) : 0;
            member.IsBoolean = member.Type.SpecialType == SpecialType.System_Boolean;
            member.Primitive = member.Type.TypeKind == TypeKind.Enum || member.Type is not INamedTypeSymbol { IsGenericType: false } || ContractRules.PrimitiveMethodSuffix(FullName(member.Type)) is null ? null : FullName(member.Type);
            switch (member.Symbol)
            {
                case IPropertySymbol property:
                    member.GetterAccessible = IsAccessible(property) && IsAccessible(property.GetMethod!);
                    member.SetterAccessible = property.SetMethod is { IsInitOnly: false } setter && IsAccessible(property) && IsAccessible(setter);
                    break;
                case IFieldSymbol field:
                    member.GetterAccessible = IsAccessible(field);
                    member.SetterAccessible = IsAccessible(field) && !field.IsReadOnly;
                    break;
            }

            var declaring = member.Symbol.ContainingType;
            bool declaredGeneric = HasTypeParameters(declaring);
            member.AccessorTypeName = declaredGeneric ? Display(OpenTypeOf(member.Symbol)) : member.TypeName;
            bool needsAccessor = !member.GetterAccessible || (member.ParameterIndex < 0 && !member.SetterAccessible);
            if (!type.IsTupleType && !SymbolEqualityComparer.Default.Equals(declaring, type))
            {
                // Declared on a base type: its accessors name that type (an UnsafeAccessor does not search base types),
                // a generic one's from a class of its own type parameters.
                member.DeclaringType = Display(declaring);
                member.DeclaringGeneric = declaredGeneric ? declaring : null;
                if (needsAccessor && declaredGeneric && RepeatedTypeParameter(declaring) is { } baseRepeated)
                {
                    return ContractResult.Failed(PackDiagnostics.GenericNeedsAccessor, name, member.Name, Display(declaring.OriginalDefinition), baseRepeated);
                }
            }
            else if (needsAccessor && repeated is not null)
            {
                return ContractResult.Failed(PackDiagnostics.GenericNeedsAccessor, name, member.Name, Display(type.OriginalDefinition), repeated);
            }
        }

        var shape = new ObjectShape(members, constructor, constructorAccessible)
        {
            AccessorsAvailable = repeated is null,
        };
        shape.FixedLength = type.IsValueType ? _layout.FixedLengthWhileBuilding(type, shape) : -1;
        return new ContractResult(shape, null, System.Array.Empty<string>());
    }

    /// <summary>Whether a type or a type it is nested in declares type parameters (its accessors then live in a generic class).</summary>
    private static bool HasTypeParameters(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.ContainingType)
        {
            if (current.TypeParameters.Length > 0)
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>
    /// A type parameter name that a type and a type it is nested in both declare (<c>Outer&lt;T&gt;.Inner&lt;T&gt;</c>,
    /// which C# only warns about), or <see langword="null"/>: one class cannot declare both, so such a type has no accessors.
    /// </summary>
    private static string? RepeatedTypeParameter(INamedTypeSymbol type)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        for (var current = type; current is not null; current = current.ContainingType)
        {
            foreach (var parameter in current.TypeParameters)
            {
                if (!names.Add(parameter.Name))
                {
                    return parameter.Name;
                }
            }
        }

        return null;
    }

    /// <summary>A member's type in its generic definition's terms (<c>T</c> rather than <c>int</c>).</summary>
    private static ITypeSymbol OpenTypeOf(ISymbol member) => member.OriginalDefinition switch
    {
        IPropertySymbol property => property.Type,
        IFieldSymbol field => field.Type,
        _ => throw new InvalidOperationException("Members are properties or fields."),
    };

    /// <summary>
    /// Whether two types are the same run-time type, as reflection compares a parameter's type with a member's: tuple
    /// element names and nullable annotations exist only in C#, so <c>(DateOnly from, DateOnly to)</c> and
    /// <c>(DateOnly Start, DateOnly End)</c> are one type.
    /// </summary>
    internal static bool SameRuntimeType(ITypeSymbol left, ITypeSymbol right)
    {
        switch (left)
        {
            case IArrayTypeSymbol leftArray when right is IArrayTypeSymbol rightArray:
                return leftArray.Rank == rightArray.Rank && SameRuntimeType(leftArray.ElementType, rightArray.ElementType);
            case INamedTypeSymbol leftNamed when right is INamedTypeSymbol rightNamed:
                if (!SymbolEqualityComparer.Default.Equals(leftNamed.OriginalDefinition, rightNamed.OriginalDefinition))
                {
                    return false;
                }

                var leftArguments = leftNamed.TypeArguments;
                var rightArguments = rightNamed.TypeArguments;
                if (leftArguments.Length != rightArguments.Length)
                {
                    return false;
                }

                for (int i = 0; i < leftArguments.Length; i++)
                {
                    if (!SameRuntimeType(leftArguments[i], rightArguments[i]))
                    {
                        return false;
                    }
                }

                return leftNamed.ContainingType is not { } leftContaining || rightNamed.ContainingType is not { } rightContaining
                    || SameRuntimeType(leftContaining, rightContaining);
            default:
                return SymbolEqualityComparer.Default.Equals(left, right);
        }
    }

    private static bool HasRequiredMembers(INamedTypeSymbol type)
    {
        for (var current = type; current is not null; current = current.BaseType)
        {
            foreach (var member in current.GetMembers())
            {
                if (member is IPropertySymbol { IsRequired: true } or IFieldSymbol { IsRequired: true })
                {
                    return true;
                }
            }
        }

        return false;
    }

    /// <summary>The instance fields of a class and its base types, for the heap size of one instance as TypeLayout.InstanceSize computes it.</summary>
    private List<InstanceFieldModel> InstanceFieldsOf(INamedTypeSymbol type)
    {
        var fields = new List<InstanceFieldModel>();
        for (var current = type; current is not null && current.SpecialType != SpecialType.System_Object; current = current.BaseType)
        {
            foreach (var field in current.GetMembers().OfType<IFieldSymbol>())
            {
                if (field.IsStatic || field.IsConst)
                {
                    continue;
                }

                var fieldType = field.Type;
                if (!fieldType.IsValueType)
                {
                    fields.Add(new InstanceFieldModel(InstanceFieldKind.Reference, null, null));
                }
                else if (IsTypeAccessible(fieldType) && fieldType.TypeKind != TypeKind.TypeParameter)
                {
                    fields.Add(new InstanceFieldModel(InstanceFieldKind.Struct, Display(fieldType), null));
                }
                else if (IsTypeAccessible(current))
                {
                    // A struct the context cannot name (a private nested type): its size is read once, when the formatter
                    // is first used, from the field's type as the run-time path's TypeLayout.InstanceSize does, so both
                    // charge the budget the same.
                    fields.Add(new InstanceFieldModel(InstanceFieldKind.UnnamedStruct, Display(current), field.Name));
                }
                else
                {
                    fields.Add(new InstanceFieldModel(InstanceFieldKind.Unknown, null, null));
                }
            }
        }

        return fields;
    }
}
