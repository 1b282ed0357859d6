using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Pack.Generator;

/// <summary>
/// Completes every <c>partial</c> class deriving from <c>Pack.PackSerializerContext</c> that carries
/// <c>[PackSerializable(typeof(T))]</c>: a static <c>Default</c> instance, <c>GetFormatter&lt;T&gt;</c>, and a formatter
/// for every type reachable from the roots, writing the bytes Pack's run-time path writes.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class PackSourceGenerator : IIncrementalGenerator
{
    private const string SerializableAttribute = "Pack.PackSerializableAttribute";
    private const string ContextBase = "Pack.PackSerializerContext";

    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        var results = context.SyntaxProvider.ForAttributeWithMetadataName(
            SerializableAttribute,
            static (node, _) => node is ClassDeclarationSyntax,
            static (attributeContext, cancellationToken) => Generate(attributeContext, cancellationToken));

        context.RegisterSourceOutput(results, static (output, result) =>
        {
            if (result is null)
            {
                return;
            }

            foreach (var diagnostic in result.Diagnostics)
            {
                output.ReportDiagnostic(diagnostic);
            }

            if (result.Source is not null)
            {
                output.AddSource(result.HintName, result.Source);
            }
        });
    }

    private static GenerationResult? Generate(GeneratorAttributeSyntaxContext attributeContext, CancellationToken cancellationToken)
    {
        if (attributeContext.TargetSymbol is not INamedTypeSymbol context)
        {
            return null;
        }

        // A class split in several partial declarations is generated once, from the first that carries the attribute.
        var first = context.DeclaringSyntaxReferences
            .Select(r => r.GetSyntax(cancellationToken))
            .OfType<ClassDeclarationSyntax>()
            .FirstOrDefault(c => c.AttributeLists.Count > 0);
        if (first is not null && first != attributeContext.TargetNode)
        {
            return null;
        }

        var location = attributeContext.TargetNode is ClassDeclarationSyntax declaration ? declaration.Identifier.GetLocation() : Location.None;
        string hintName = ContextParser.FullName(context).Replace('+', '.').Replace('`', '_') + ".Pack.g.cs";
        var diagnostics = new List<Diagnostic>();

        if (!DerivesFrom(context, ContextBase))
        {
            diagnostics.Add(Diagnostic.Create(PackDiagnostics.ContextWrongBase, location, context.Name));
            return new GenerationResult(hintName, null, diagnostics);
        }

        bool isPartial = context.DeclaringSyntaxReferences
            .Select(r => r.GetSyntax(cancellationToken))
            .OfType<ClassDeclarationSyntax>()
            .All(c => c.Modifiers.Any(SyntaxKind.PartialKeyword));
        if (!isPartial)
        {
            diagnostics.Add(Diagnostic.Create(PackDiagnostics.ContextNotPartial, location, context.Name));
            return new GenerationResult(hintName, null, diagnostics);
        }

        if (context.ContainingType is not null)
        {
            diagnostics.Add(Diagnostic.Create(PackDiagnostics.ContextNested, location, context.Name));
            return new GenerationResult(hintName, null, diagnostics);
        }

        var parser = new ContextParser(attributeContext.SemanticModel.Compilation, context, location);
        foreach (var attribute in context.GetAttributes())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (attribute.AttributeClass is { } attributeClass && ContextParser.FullName(attributeClass) == SerializableAttribute
                && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol root)
            {
                parser.AddRoot(root, attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation());
            }
        }

        diagnostics.AddRange(parser.Diagnostics);
        string source = ContextEmitter.Emit(context, parser.Shapes);
        return new GenerationResult(hintName, source, diagnostics);
    }

    private static bool DerivesFrom(INamedTypeSymbol type, string baseName)
    {
        for (var current = type.BaseType; current is not null; current = current.BaseType)
        {
            if (ContextParser.FullName(current) == baseName)
            {
                return true;
            }
        }

        return false;
    }
}
