using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Pack.Schema.Building;

namespace Pack.Generator.Schema;

/// <summary>
/// Members' defaults (docs/schema.md §1.1), as far as the compilation shows them. The run-time path reads them from a
/// constructed object; here they are known when the constructors that run assign contract members only from their
/// parameters, and every other member's initializer is absent, a constant or an empty collection. A constructor
/// parameter's value is taken to be its member's, as ContractBuilder's binding assumes (a constructor that changes it
/// breaks round trips).
/// </summary>
internal sealed partial class RoslynSchemaAdapter
{
    /// <inheritdoc/>
    public override bool TryGetDefaults(ITypeSymbol type, IReadOnlyList<SchemaEntry> entries, int index, out string?[] defaults)
    {
        var contract = ShapeOf(type).Object!;
        var members = contract.Members;
        defaults = new string?[members.Count];
        var constructor = contract.Constructor;
        if (constructor is null)
        {
            // A struct built from its default value: every absent member is zero.
            return true;
        }

        var bound = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        var unbound = new HashSet<ISymbol>(SymbolEqualityComparer.Default);
        foreach (var member in members)
        {
            (member.ParameterIndex >= 0 ? bound : unbound).Add(member.Symbol.OriginalDefinition);
        }

        if (!ConstructorsAssignOnlyParameters(constructor, bound, unbound))
        {
            return false;
        }

        for (int i = 0; i < members.Count; i++)
        {
            var member = members[i];
            if (member.Symbol is IPropertySymbol property && property.Locations.Any(static l => l.IsInSource) && !IsAutoProperty(property))
            {
                // Its getter decides what a reader sees (a field it wraps may have an initializer of its own).
                return false;
            }

            string? json = null;
            if (member.ParameterIndex >= 0)
            {
                var parameter = constructor.Parameters[member.ParameterIndex];
                if (parameter.HasExplicitDefaultValue && !TryConstantJson(member.Type, parameter.ExplicitDefaultValue, out json))
                {
                    return false;
                }
            }
            else if (!TryInitializerJson(member.Symbol, entries[entries[index].Members[i].Type].Kind, member.Type, out json))
            {
                return false;
            }

            defaults[i] = json;
        }

        return true;
    }

    /// <summary>The default a member's initializer gives: none (zero, also <c>default</c>), a constant, or an empty collection.</summary>
    private bool TryInitializerJson(ISymbol member, string kind, ITypeSymbol type, out string? json)
    {
        json = null;
        var syntax = member.OriginalDefinition.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
        ExpressionSyntax? initializer;
        switch (syntax)
        {
            case PropertyDeclarationSyntax property:
                initializer = property.Initializer?.Value;
                break;
            case VariableDeclaratorSyntax variable:
                initializer = variable.Initializer?.Value;
                break;
            default:
                // Declared in metadata, or a positional record property not bound to the constructor that runs.
                return false;
        }

        if (initializer is null)
        {
            return true;
        }

        // `default`, `default(T)` and `default!`: the zero value, also of a type parameter (no constant then).
        var bare = initializer is PostfixUnaryExpressionSyntax suppressed && suppressed.IsKind(SyntaxKind.SuppressNullableWarningExpression) ? suppressed.Operand : initializer;
        if (bare is DefaultExpressionSyntax || bare.IsKind(SyntaxKind.DefaultLiteralExpression))
        {
            return true;
        }

        var model = _compilation.GetSemanticModel(initializer.SyntaxTree);
        var constant = model.GetConstantValue(initializer);
        if (constant.HasValue)
        {
            return TryConstantJson(type, constant.Value, out json);
        }

        bool empty = initializer switch
        {
            CollectionExpressionSyntax collection => collection.Elements.Count == 0,
            BaseObjectCreationExpressionSyntax creation => (creation.ArgumentList is null || creation.ArgumentList.Arguments.Count == 0) && creation.Initializer is null,
            _ => false,
        };
        if (empty && kind is SchemaKinds.List or SchemaKinds.Set or SchemaKinds.Map)
        {
            json = "[]";
            return true;
        }

        return false;
    }

    /// <summary>
    /// Whether the constructors that run (<paramref name="constructor"/>, then the ones it chains to) leave the members
    /// unbound to parameters alone and give each bound member its parameter: bodies made only of assignments, none to
    /// an unbound member, none calling a method, and a bound member assigned only a parameter.
    /// </summary>
    private bool ConstructorsAssignOnlyParameters(IMethodSymbol constructor, HashSet<ISymbol> bound, HashSet<ISymbol> unbound)
    {
        var seen = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        for (IMethodSymbol? current = constructor; current is not null && seen.Add(current);)
        {
            var declaring = current.ContainingType;
            if (declaring.SpecialType is SpecialType.System_Object or SpecialType.System_ValueType)
            {
                return true;
            }

            var syntax = current.DeclaringSyntaxReferences.FirstOrDefault()?.GetSyntax();
            switch (syntax)
            {
                case ConstructorDeclarationSyntax declaration:
                    var model = _compilation.GetSemanticModel(declaration.SyntaxTree);
                    var statements = declaration.Body?.Statements.Select(static s => s as ExpressionStatementSyntax).ToList() ?? new List<ExpressionStatementSyntax?>();
                    var expressions = statements.Select(static s => s?.Expression).ToList();
                    if (declaration.ExpressionBody is { } arrow)
                    {
                        expressions.Add(arrow.Expression);
                    }

                    foreach (var expression in expressions)
                    {
                        if (!AssignsOnlyParameters(expression, model, bound, unbound))
                        {
                            return false;
                        }
                    }

                    current = declaration.Initializer is { } chained ? model.GetSymbolInfo(chained).Symbol as IMethodSymbol : ParameterlessBase(declaring);
                    break;
                case TypeDeclarationSyntax primary:
                    // A primary constructor: no body; it chains to the base type's constructor its base list names.
                    var baseCall = primary.BaseList?.Types.OfType<PrimaryConstructorBaseTypeSyntax>().FirstOrDefault();
                    current = baseCall is null ? ParameterlessBase(declaring) : _compilation.GetSemanticModel(baseCall.SyntaxTree).GetSymbolInfo(baseCall).Symbol as IMethodSymbol;
                    if (baseCall is not null && current is null)
                    {
                        return false;
                    }

                    break;
                default:
                    if (!current.IsImplicitlyDeclared)
                    {
                        // A constructor from metadata sets only its own type's members, which have no known default anyway.
                        return true;
                    }

                    current = ParameterlessBase(declaring);
                    break;
            }
        }

        return true;
    }

    private static bool AssignsOnlyParameters(ExpressionSyntax? expression, SemanticModel model, HashSet<ISymbol> bound, HashSet<ISymbol> unbound)
    {
        if (expression is not AssignmentExpressionSyntax assignment || !assignment.IsKind(SyntaxKind.SimpleAssignmentExpression)
            || assignment.Right.DescendantNodesAndSelf().Any(static n => n is InvocationExpressionSyntax))
        {
            return false;
        }

        var target = model.GetSymbolInfo(assignment.Left).Symbol?.OriginalDefinition;
        if (target is null || unbound.Contains(target))
        {
            return false;
        }

        return !bound.Contains(target) || model.GetSymbolInfo(assignment.Right).Symbol is IParameterSymbol;
    }

    private static bool IsAutoProperty(IPropertySymbol property)
        => property.OriginalDefinition.ContainingType.GetMembers().Any(m => m is IFieldSymbol { AssociatedSymbol: { } associated }
            && SymbolEqualityComparer.Default.Equals(associated.OriginalDefinition, property.OriginalDefinition));

    private static IMethodSymbol? ParameterlessBase(INamedTypeSymbol type)
        => type.TypeKind == TypeKind.Struct ? null : type.BaseType?.InstanceConstructors.FirstOrDefault(static c => c.Parameters.Length == 0);

    /// <summary>
    /// A constant in the JSON mapping of wire-format §14, as canonical text; <see langword="null"/> when it is its type's
    /// zero value (a Nullable's is null, so its element's zero is written: <c>int? p = 0</c> has the default <c>0</c>).
    /// <see langword="false"/> for constants this does not map (decimal, dates, lone surrogates).
    /// </summary>
    private static bool TryConstantJson(ITypeSymbol type, object? value, out string? json)
    {
        json = null;
        if (value is null)
        {
            return true;
        }

        if (type.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            // §14: a Nullable's value is its element's.
            bool known = TryConstantJson(((INamedTypeSymbol)type).TypeArguments[0], value, out json);
            json ??= known ? ZeroJson(((INamedTypeSymbol)type).TypeArguments[0]) : null;
            return known;
        }

        var target = type is INamedTypeSymbol { TypeKind: TypeKind.Enum } e ? e.EnumUnderlyingType! : type;
        var invariant = CultureInfo.InvariantCulture;
        switch (target.SpecialType)
        {
            case SpecialType.System_Boolean:
                json = (bool)value ? "true" : null;
                return true;
            case SpecialType.System_SByte:
            case SpecialType.System_Int16:
            case SpecialType.System_Int32:
                long signed = Convert.ToInt64(value, invariant);
                json = signed == 0 ? null : signed.ToString(invariant);
                return true;
            case SpecialType.System_Byte:
            case SpecialType.System_UInt16:
            case SpecialType.System_UInt32:
            case SpecialType.System_Char:
                ulong unsigned = value is char c ? c : Convert.ToUInt64(value, invariant);
                json = unsigned == 0 ? null : unsigned.ToString(invariant);
                return true;
            case SpecialType.System_Int64:
                long wide = Convert.ToInt64(value, invariant);
                json = wide == 0 ? null : SchemaText.Quote(wide.ToString(invariant));
                return true;
            case SpecialType.System_UInt64:
                ulong uwide = Convert.ToUInt64(value, invariant);
                json = uwide == 0 ? null : SchemaText.Quote(uwide.ToString(invariant));
                return true;
            case SpecialType.System_Single:
                uint singleBits = BitConverter.ToUInt32(BitConverter.GetBytes(Convert.ToSingle(value, invariant)), 0);
                json = singleBits == 0 ? null : SchemaText.Quote(singleBits.ToString("x8", invariant));
                return true;
            case SpecialType.System_Double:
                ulong doubleBits = unchecked((ulong)BitConverter.DoubleToInt64Bits(Convert.ToDouble(value, invariant)));
                json = doubleBits == 0 ? null : SchemaText.Quote(doubleBits.ToString("x16", invariant));
                return true;
            case SpecialType.System_String:
                return TryStringJson((string)value, out json);
            default:
                return false;
        }
    }

    /// <summary>The zero value of a primitive or enum in the JSON mapping of wire-format §14, as canonical text.</summary>
    private static string ZeroJson(ITypeSymbol type)
    {
        var target = type is INamedTypeSymbol { TypeKind: TypeKind.Enum } e ? e.EnumUnderlyingType! : type;
        return target.SpecialType switch
        {
            SpecialType.System_Boolean => "false",
            SpecialType.System_Int64 or SpecialType.System_UInt64 => SchemaText.Quote("0"),
            SpecialType.System_Single => SchemaText.Quote("00000000"),
            SpecialType.System_Double => SchemaText.Quote("0000000000000000"),
            _ => "0",
        };
    }

    /// <summary>A string as the schema decoder maps it (wire-format §14 without the vector files' <c>repeat</c> shorthand); a lone surrogate cannot be written.</summary>
    private static bool TryStringJson(string text, out string? json)
    {
        json = IsWellFormed(text) ? SchemaText.Quote(text) : null;
        return json is not null;
    }

    private static bool IsWellFormed(string text)
    {
        for (int i = 0; i < text.Length; i++)
        {
            if (char.IsHighSurrogate(text[i]) && i + 1 < text.Length && char.IsLowSurrogate(text[i + 1]))
            {
                i++;
            }
            else if (char.IsSurrogate(text[i]))
            {
                return false;
            }
        }

        return true;
    }
}
