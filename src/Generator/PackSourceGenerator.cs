using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Pack.Generator.Emit;
using Pack.Generator.Model;
using Pack.Generator.Schema;

namespace Pack.Generator;

/// <summary>
/// Completes every <c>partial</c> class deriving from <c>Pack.PackSerializerContext</c> that carries
/// <c>[PackSerializable(typeof(T))]</c>: a static <c>Default</c> instance, <c>GetFormatter&lt;T&gt;</c>, and a formatter
/// for every type reachable from the roots, writing the bytes Pack's run-time path writes.
/// </summary>
/// <remarks>
/// Incremental: the transform reads the compilation and returns a <see cref="ContextResult"/> made of strings and
/// numbers only (no symbol, syntax node, <see cref="Location"/> or compilation), so when an edit leaves a context and the
/// types it reaches as they were, its model equals the previous one and Roslyn neither emits its source nor reports its
/// diagnostics again. The steps are named (<see cref="TrackingNames"/>) so tests can check that.
/// </remarks>
[Generator(LanguageNames.CSharp)]
public sealed class PackSourceGenerator : IIncrementalGenerator
{
    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        // The known types are resolved once per compilation and shared by every context's parse.
        var knownTypes = context.CompilationProvider.Select(static (compilation, _) => new KnownTypeSymbols(compilation));
        var results = context.SyntaxProvider.ForAttributeWithMetadataName(
                KnownTypeSymbols.PackSerializableAttribute,
                static (node, _) => node is ClassDeclarationSyntax,
                static (attributeContext, _) => attributeContext)
            .Combine(knownTypes)
            .Select(static (pair, cancellationToken) => Parse(pair.Left, pair.Right, cancellationToken))
            .Where(static result => result is not null)
            .WithTrackingName(TrackingNames.Contexts);

        var models = results
            .Select(static (result, _) => result!.Model)
            .Where(static model => model is not null)
            .WithTrackingName(TrackingNames.Models);
        var diagnostics = results
            .Select(static (result, _) => result!.Diagnostics)
            .WithTrackingName(TrackingNames.Diagnostics);

        context.RegisterSourceOutput(models, static (output, model) => output.AddSource(model!.HintName, ContextEmitter.Emit(model)));
        // The PackSchemaFile build option (build/Pack.targets): one schema set of every context's roots, which the
        // build copies from this generated file to the file the project names.
        var schemaFile = context.AnalyzerConfigOptionsProvider
            .Select(static (options, _) => options.GlobalOptions.TryGetValue("build_property.PackSchemaFile", out string? path) && !string.IsNullOrWhiteSpace(path))
            .WithTrackingName(TrackingNames.SchemaFile);
        var schemaSet = models
            .Select(static (model, _) => model!.Schemas)
            .Collect()
            .Combine(schemaFile)
            .WithTrackingName(TrackingNames.SchemaSet);
        context.RegisterSourceOutput(schemaSet, static (output, pair) =>
        {
            if (pair.Right)
            {
                output.AddSource(SchemaSetEmitter.HintName, SchemaSetEmitter.Emit(pair.Left));
            }
        });
        context.RegisterSourceOutput(diagnostics, static (output, list) =>
        {
            foreach (var diagnostic in list)
            {
                output.ReportDiagnostic(diagnostic.ToDiagnostic());
            }
        });
    }

    private static ContextResult? Parse(GeneratorAttributeSyntaxContext attributeContext, KnownTypeSymbols knownTypes, CancellationToken cancellationToken)
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
        if (!knownTypes.DerivesFrom(context, KnownTypeSymbols.PackSerializerContext))
        {
            return Failure(PackDiagnostics.ContextWrongBase, location, context.Name);
        }

        if (!IsPartial(context, cancellationToken))
        {
            return Failure(PackDiagnostics.ContextNotPartial, location, context.Name);
        }

        // A nested context is completed inside partial declarations of its containing types, which must all be partial.
        // No type parameter may be in scope: the UnsafeAccessors of a generic member type live in a generic class which,
        // nested in another generic type, does not bind at run time (MissingMethodException), and GetFormatter<T> would
        // hide the context's own T.
        if (context.IsGenericType)
        {
            return Failure(PackDiagnostics.ContextNested, location, context.Name, "it is generic; declare a non-generic context");
        }

        var containingTypes = new List<ContainingTypeModel>();
        for (var outer = context.ContainingType; outer is not null; outer = outer.ContainingType)
        {
            if (outer.IsGenericType)
            {
                return Failure(PackDiagnostics.ContextNested, location, context.Name, $"it is nested in the generic type '{outer.Name}'; declare it in a non-generic type");
            }

            if (!IsPartial(outer, cancellationToken))
            {
                return Failure(PackDiagnostics.ContextNested, location, context.Name, $"it is nested in '{outer.Name}', which is not partial; declare every type that contains the context partial, or move the context to the top level");
            }

            containingTypes.Insert(0, new ContainingTypeModel(outer.Name, outer.DeclaredAccessibility, outer.TypeKind, outer.IsRecord, outer.IsRefLikeType));
        }

        var parser = new ContextParser(knownTypes, context, location);
        foreach (var attribute in context.GetAttributes())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (attribute.AttributeClass is { } attributeClass && knownTypes.Is(attributeClass, KnownTypeSymbols.PackSerializableAttribute)
                && attribute.ConstructorArguments.Length == 1 && attribute.ConstructorArguments[0].Value is ITypeSymbol root)
            {
                parser.AddRoot(root, attribute.ApplicationSyntaxReference?.GetSyntax(cancellationToken).GetLocation());
            }
        }

        var model = new ContextModel(
            hintName,
            context.ContainingNamespace.IsGlobalNamespace ? null : context.ContainingNamespace.ToDisplayString(),
            context.Name,
            new EquatableArray<ContainingTypeModel>(containingTypes),
            parser.ToModel(),
            parser.ToSchemas());
        return new ContextResult(model, new EquatableArray<DiagnosticInfo>(parser.Diagnostics));
    }

    private static ContextResult Failure(DiagnosticDescriptor descriptor, Location location, params string[] arguments)
        => new(null, new EquatableArray<DiagnosticInfo>(new[] { DiagnosticInfo.Create(descriptor, location, arguments) }));

    private static bool IsPartial(INamedTypeSymbol type, CancellationToken cancellationToken)
        => type.DeclaringSyntaxReferences
            .Select(r => r.GetSyntax(cancellationToken))
            .OfType<TypeDeclarationSyntax>()
            .All(static d => d.Modifiers.Any(SyntaxKind.PartialKeyword));
}
