using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Pack.Generator;

/// <summary>
/// Whether constructing a type on read can run user code that allocates, decided from its declarations (wire format
/// §12). Conservative, like the run-time path's ConstructionUserCode: where the two differ the generated code measures a
/// block that allocates nothing beyond its instance, which charges 0, so the verdicts agree.
/// </summary>
internal sealed partial class ContextParser
{
    /// <summary>
    /// No user code: no constructor (a struct's default value), an implicit one or a record's primary constructor, on a
    /// type deriving from object (or a struct), whose instance fields and properties have no initializer other than a
    /// literal, <c>default</c> or <c>null</c>, and whose members set after construction are fields or auto-properties.
    /// </summary>
    private static bool RunsUserCode(INamedTypeSymbol type, ObjectShape contract)
    {
        if (type.ContainingAssembly?.Name == "System.Private.CoreLib")
        {
            return false;
        }

        if (contract.Constructor is { } constructor)
        {
            bool baseIsObject = type.IsValueType || type.BaseType is null || type.BaseType.SpecialType == SpecialType.System_Object;
            if (!baseIsObject || !(constructor.IsImplicitlyDeclared || IsPrimaryConstructor(constructor)))
            {
                return true;
            }
        }

        foreach (var member in type.GetMembers())
        {
            if (!member.IsStatic && HasAllocatingInitializer(member))
            {
                return true;
            }
        }

        foreach (var member in contract.Members)
        {
            if (member.ParameterIndex < 0 && member.Symbol is IPropertySymbol property && !IsAutoSetter(property.SetMethod))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsPrimaryConstructor(IMethodSymbol constructor)
    {
        foreach (var reference in constructor.DeclaringSyntaxReferences)
        {
            // A primary constructor is declared by the type declaration itself; its body is the field and property
            // initializers (checked separately) and, for a record, the compiler's own assignments.
            if (reference.GetSyntax() is not TypeDeclarationSyntax { ParameterList: not null, BaseList: var baseList }
                || (baseList is not null && HasBaseArguments(baseList)))
            {
                return false;
            }
        }

        return constructor.DeclaringSyntaxReferences.Length > 0;
    }

    private static bool HasBaseArguments(BaseListSyntax baseList)
    {
        foreach (var type in baseList.Types)
        {
            if (type is PrimaryConstructorBaseTypeSyntax)
            {
                return true;
            }
        }

        return false;
    }

    private static bool HasAllocatingInitializer(ISymbol member)
    {
        foreach (var reference in member.DeclaringSyntaxReferences)
        {
            var initializer = reference.GetSyntax() switch
            {
                VariableDeclaratorSyntax field => field.Initializer?.Value,
                PropertyDeclarationSyntax property => property.Initializer?.Value,
                _ => null,
            };
            if (initializer is not null && !IsConstantExpression(initializer))
            {
                return true;
            }
        }

        return false;
    }

    private static bool IsConstantExpression(ExpressionSyntax expression) => expression switch
    {
        LiteralExpressionSyntax => true,
        DefaultExpressionSyntax => true,
        PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } suppressed => IsConstantExpression(suppressed.Operand),
        PrefixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.UnaryMinusExpression } negated => negated.Operand is LiteralExpressionSyntax,
        _ => false,
    };

    private static bool IsAutoSetter(IMethodSymbol? setter)
    {
        if (setter is null || setter.IsVirtual || setter.IsOverride || setter.IsAbstract)
        {
            return false;
        }

        foreach (var reference in setter.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax() is not AccessorDeclarationSyntax { Body: null, ExpressionBody: null })
            {
                return false;
            }
        }

        return setter.DeclaringSyntaxReferences.Length > 0;
    }
}
