using System.Globalization;
using System.Text;
using Pack.Schema;

namespace Pack.Tool.TypeScript;

/// <summary>
/// Descriptors (clients/typescript/README.md, "Descriptors"): what the module says about a type for the runtime to act
/// on. Today the runtime builds the §5.1 key function of dictionary keys and set elements from them (<c>keyOf</c>), so
/// no key rule is written into generated code.
/// </summary>
public sealed partial class TypeScriptGenerator
{
    private readonly Dictionary<string, string> _descriptors = new(StringComparer.Ordinal);
    private readonly List<string> _descriptorOrder = [];
    private readonly Dictionary<string, string> _keyFunctions = new(StringComparer.Ordinal);

    /// <summary>The name of the module's key function for values of <paramref name="label"/>, declared once.</summary>
    private string KeyFunction(string label)
    {
        if (!_keyFunctions.TryGetValue(label, out var name))
        {
            name = "keyOf" + Ident(label);
            _keyFunctions[label] = name;
        }

        return name;
    }

    /// <summary>A descriptor expression for <paramref name="label"/>: inline for unnamed kinds, a module constant for the others.</summary>
    private string Descriptor(string label)
    {
        var t = _types[label];
        return t.Kind switch
        {
            PackSchemaKind.Primitive => $"{{ kind: \"primitive\", primitive: {Quote(t.Primitive!)} }}",
            PackSchemaKind.Enum => $"{{ kind: \"enum\", underlying: {Descriptor(t.Underlying!)} }}",
            PackSchemaKind.Nullable => $"{{ kind: \"nullable\", element: {Reference(t.Element!)} }}",
            PackSchemaKind.List => $"{{ kind: \"list\", element: {Reference(t.Element!)}, nullable: {(t.Nullable ? "true" : "false")} }}",
            PackSchemaKind.Set => $"{{ kind: \"set\", element: {Reference(t.Element!)} }}",
            PackSchemaKind.Map => $"{{ kind: \"map\", key: {Reference(t.Key!)}, value: {Reference(t.Value!)} }}",
            _ => DescriptorConstant(label),
        };
    }

    /// <summary>A reference to another type's descriptor: through a function for objects and unions, which may hold themselves.</summary>
    private string Reference(string label) => _types[label].Kind is PackSchemaKind.Object or PackSchemaKind.FrozenStruct or PackSchemaKind.Union
        ? $"() => {DescriptorConstant(label)}"
        : Descriptor(label);

    private string DescriptorConstant(string label)
    {
        if (_descriptors.ContainsKey(label))
        {
            return "descriptorOf" + Ident(label);
        }

        var name = "descriptorOf" + Ident(label);
        _descriptors[label] = string.Empty;
        var t = _types[label];
        var named = t.Name is null ? string.Empty : $"name: {Quote(t.Name)}, ";
        string text;
        switch (t.Kind)
        {
            case PackSchemaKind.Union:
                var caseNames = CaseNames(t);
                text = $"{{ kind: \"union\", {named}cases: [" + string.Join(", ", t.Cases.Select((c, i) => $"{{ tag: {c.Tag}, name: {Quote(caseNames[i])}, type: {Reference(c.Type)} }}")) + "] }";
                break;
            default:
                var members = "[" + string.Join(", ", t.Members.Select(m => $"{{ name: {Quote(m.Name)}, type: {Reference(m.Type)} }}")) + "]";
                text = t.Kind == PackSchemaKind.FrozenStruct
                    ? $"{{ kind: \"frozen-struct\", {named}members: {members} }}"
                    : $"{{ kind: \"object\", {named}nullable: {(t.Nullable ? "true" : "false")}, members: {members} }}";
                break;
        }

        _descriptors[label] = text;
        _descriptorOrder.Add(label);
        return name;
    }

    /// <summary>The descriptors and key functions the module's functions use (evaluated before any of them runs).</summary>
    private void EmitDescriptors(StringBuilder o)
    {
        if (_keyFunctions.Count == 0)
        {
            return;
        }

        var keys = _keyFunctions.OrderBy(k => k.Value, StringComparer.Ordinal).Select(k => (k.Value, Type: NonNull(k.Key), Descriptor: Descriptor(k.Key))).ToList();
        _imports.Add("keyOf");
        if (_descriptorOrder.Count > 0)
        {
            _imports.Add("type TypeDescriptor");
        }

        o.AppendLine("// ---- descriptors: the runtime builds the key equality of wire-format §5.1 from them ----");
        o.AppendLine();
        foreach (var label in _descriptorOrder)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"const descriptorOf{Ident(label)}: TypeDescriptor = {_descriptors[label]};");
        }

        foreach (var (name, type, descriptor) in keys)
        {
            o.AppendLine(CultureInfo.InvariantCulture, $"const {name} = /* @__PURE__ */ keyOf<{type}>({descriptor});");
        }

        o.AppendLine();
    }
}
