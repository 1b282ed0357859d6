using System;
using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Pack.Generator.Model;
using Pack.Generator.Schema;
using Pack.Schema.Building;

namespace Pack.Generator;

/// <summary>The schema of each root type, built by the shared SchemaBuilder from the parsed shapes.</summary>
internal sealed partial class ContextParser
{
    /// <summary>The schema of each root whose closure parsed, in the order the roots are declared.</summary>
    public EquatableArray<SchemaModel> ToSchemas()
    {
        var adapter = new RoslynSchemaAdapter(_compilation, _shapes);
        var schemas = new List<SchemaModel>();
        var seen = new HashSet<ITypeSymbol>(SymbolEqualityComparer.Default);
        foreach (var root in _roots)
        {
            if (!seen.Add(root) || !_shapes.ContainsKey(root))
            {
                continue;
            }

            var builder = new SchemaBuilder<ITypeSymbol>(adapter);
            SchemaEntry[] entries;
            try
            {
                entries = builder.Build(root);
            }
            catch (InvalidOperationException)
            {
                // A type of the closure did not parse; its diagnostic is reported, and the context has no schema for this root.
                continue;
            }

            string wire = SchemaText.Write(entries, wire: true);
            string? contract = builder.DefaultsKnown ? SchemaText.Write(entries, wire: false) : null;
            schemas.Add(new SchemaModel(Display(root), builder.RootLabel, wire, SchemaText.Fingerprint(wire), contract, contract is null ? null : SchemaText.Fingerprint(contract)));
        }

        return new EquatableArray<SchemaModel>(schemas);
    }
}
