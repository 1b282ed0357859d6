using Pack.Schema;
using static Pack.Tool.TypeScript.TypeScriptSyntax;

namespace Pack.Tool.TypeScript;

/// <summary>
/// Descriptors (clients/typescript/README.md, "Descriptors"): what the module says about a type for the runtime to act
/// on. The runtime builds each type's reader and writer from its descriptor (<c>codecFor</c>, on first use), so no codec
/// rule is written into generated code: the module holds facts (kinds, members, nullability, defaults) only.
/// </summary>
internal sealed partial class TypeScriptEmitter
{
    private readonly Dictionary<string, string> _descriptors = new(StringComparer.Ordinal);
    private readonly List<string> _descriptorOrder = [];

    /// <summary>A descriptor expression for <paramref name="label"/>: inline for unnamed kinds, a module constant for the others.</summary>
    private string Descriptor(string label)
    {
        var t = _model.Types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => $"{{ kind: \"primitive\", primitive: {Quote(t.Primitive!)} }}",
            PackSchemaKind.Enum => $"{{ kind: \"enum\", underlying: {Descriptor(t.Underlying!)} }}",
            PackSchemaKind.Nullable => $"{{ kind: \"nullable\", element: {Reference(t.Element!)} }}",
            PackSchemaKind.List => $"{{ kind: \"list\", element: {Reference(t.Element!)}, nullable: {Bool(t.Nullable)}{(t.ElementNonNull ? ", elementNonNull: true" : "")} }}",
            PackSchemaKind.Set => $"{{ kind: \"set\", element: {Reference(t.Element!)}{(t.ElementNonNull ? ", elementNonNull: true" : "")} }}",
            PackSchemaKind.Map => $"{{ kind: \"map\", key: {Reference(t.Key!)}, value: {Reference(t.Value!)}{(t.ValueNonNull ? ", valueNonNull: true" : "")} }}",
            _ => DescriptorConstant(label),
        };
    }

    /// <summary>A reference to another type's descriptor: through a function for objects and unions, which may hold themselves.</summary>
    private string Reference(string label) => _model.Types[label].Kind is PackSchemaKind.Object or PackSchemaKind.FrozenStruct or PackSchemaKind.Union
        ? $"() => {DescriptorConstant(label)}"
        : Descriptor(label);

    /// <summary>The name of the module constant holding <paramref name="label"/>'s descriptor, declared once (in the order of first use).</summary>
    private string DescriptorConstant(string label)
    {
        var name = _names.Descriptor(label);
        if (_descriptors.ContainsKey(label))
        {
            return name;
        }

        _descriptors[label] = string.Empty;
        var t = _model.Types[label];
        var named = t.Name is null ? string.Empty : $"name: {Quote(t.Name)}, ";
        string text;
        switch (t.Kind)
        {
            case PackSchemaKind.Union:
                var caseNames = _names.CaseNames(t);
                text = $"{{ kind: \"union\", {named}cases: [" + string.Join(", ", t.Cases.Select((c, i) => $"{{ tag: {c.Tag}, name: {Quote(caseNames[i])}, type: {Reference(c.Type)} }}")) + "] }";
                break;
            case PackSchemaKind.Object or PackSchemaKind.FrozenStruct:
                var members = "[" + string.Join(", ", t.Members.Select(Member)) + "]";
                text = t.Kind == PackSchemaKind.FrozenStruct
                    ? $"{{ kind: \"frozen-struct\", {named}members: {members} }}"
                    : $"{{ kind: \"object\", {named}nullable: {Bool(t.Nullable)}, members: {members} }}";
                break;
            default:
                text = Descriptor(label);
                break;
        }

        _descriptors[label] = text;
        _descriptorOrder.Add(label);
        return name;
    }

    private string Member(TypeScriptMember m)
    {
        var nonNull = m.NonNull ? ", nonNull: true" : string.Empty;
        var value = m.Default is null ? string.Empty : $", default: {Literal(m.Type, m.Default)}";
        return $"{{ name: {Quote(m.Name)}, type: {Reference(m.Type)}{nonNull}{value} }}";
    }

    /// <summary>The descriptor constants, one per named type and per unnamed payload root.</summary>
    private void EmitDescriptors()
    {
        if (_descriptorOrder.Count == 0)
        {
            return;
        }

        _w.Import("type TypeDescriptor");
        _w.Line("// ---- descriptors: the runtime builds each type's reader and writer from them (codecFor) ----");
        _w.Line();
        foreach (var label in _descriptorOrder)
        {
            _w.Line($"export const {_names.Descriptor(label)}: TypeDescriptor = {_descriptors[label]};");
        }

        _w.Line();
    }
}
