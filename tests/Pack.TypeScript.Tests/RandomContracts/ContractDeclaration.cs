using System.Globalization;
using System.Text;
using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// One random C# declaration: its kind, its members in declaration order, and what the wire makes of it (members in
/// wire order, wire-format §6.3; fixed or not, §7). It writes its own C# source and its types.json entry.
/// </summary>
public sealed class ContractDeclaration(string name, DeclarationKind kind)
{
    public string Name { get; } = name;

    /// <summary>A static class the declaration is nested in, or null for a namespace member.</summary>
    public string? Container { get; set; }

    /// <summary>How C# code of the same namespace names it.</summary>
    public string CSharpName => Container is null ? Name : $"{Container}.{Name}";

    /// <summary>How reflection names it within its namespace.</summary>
    public string ClrName => Container is null ? Name : $"{Container}+{Name}";

    /// <summary>A union declared with System.Text.Json's <c>[JsonDerivedType(typeof(Case), tag)]</c> instead of <c>[PackUnion]</c> (wire-format §8).</summary>
    public bool JsonDerived { get; set; }

    /// <summary>Lines of C# inside a class or struct that are not members (ignored, computed): they must not change the contract.</summary>
    public List<string> NonMembers { get; } = [];

    public DeclarationKind Kind { get; } = kind;

    /// <summary>
    /// How a class or struct is constructed: null (members set after the parameterless constructor or on the default
    /// value), or a constructor binding some members, marked <c>[PackConstructor]</c>, <c>[JsonConstructor]</c> or,
    /// with <c>""</c>, unmarked (the only public constructor, some bound member get-only).
    /// </summary>
    public string? Constructor { get; set; }

    /// <summary>The bound members in constructor parameter order (not the wire order).</summary>
    public List<ContractMember> ParameterOrder { get; } = [];

    /// <summary>A <c>[DataContract]</c> class: its members have <c>[DataMember]</c> and some are not public; its other public properties are no members.</summary>
    public bool DataContract { get; set; }

    /// <summary>For a generic definition (<c>Box&lt;T0, T1&gt;</c>): its number of type parameters. It has no values; its closed instances do.</summary>
    public int TypeParameterCount { get; set; }

    public bool IsGenericDefinition => TypeParameterCount > 0;

    /// <summary>For a closed generic instance (<c>Box&lt;int, string?&gt;</c>): its definition (declared in C#; the instance is not) and type arguments.</summary>
    public ContractDeclaration? Definition { get; init; }

    public IReadOnlyList<ContractTypeRef> TypeArguments { get; init; } = [];

    /// <summary>A closed instance of this generic definition: its members with the type arguments in place (named <paramref name="name"/> in types.json).</summary>
    public ContractDeclaration Close(string name, IReadOnlyList<ContractTypeRef> arguments)
    {
        var instance = new ContractDeclaration(name, Kind) { Container = Container, Definition = this, TypeArguments = arguments, Depth = Depth, Base = Base };
        foreach (var member in Members)
        {
            instance.Members.Add(member with { Type = ContractTypeRef.Substitute(member.Type, arguments) });
        }

        instance.NonMembers.AddRange(NonMembers);
        return instance;
    }

    /// <summary>The members this declaration declares (not its base's), in declaration order.</summary>
    public List<ContractMember> Members { get; } = [];

    /// <summary>A generated class this class derives from, or the union it is a case of (its base or interface).</summary>
    public ContractDeclaration? Base { get; set; }

    /// <summary>Whether another generated class derives from this one (so it is not sealed).</summary>
    public bool HasDerived { get; set; }

    /// <summary>For an enum: the underlying primitive (as <see cref="ContractTypeRef.Primitive"/>) and the named values (name, value as decimal text).</summary>
    public ContractTypeRef.Primitive? Underlying { get; set; }

    public List<(string Name, string Value)> EnumValues { get; } = [];

    /// <summary>For a union: its cases with their tags.</summary>
    public List<(ushort Tag, ContractDeclaration Case)> Cases { get; } = [];

    /// <summary>The longest chain of declarations this one's values can nest (1 for a declaration without named members).</summary>
    public int Depth { get; set; } = 1;

    public bool IsUnion => Kind is DeclarationKind.Union or DeclarationKind.InterfaceUnion;

    public bool IsValueType => Kind is DeclarationKind.Struct or DeclarationKind.RecordStruct or DeclarationKind.Enum;

    public bool IsPositional => Kind is DeclarationKind.Record or DeclarationKind.RecordStruct;

    /// <summary>wire-format §7: a struct with at least one member, every member fixed, is fixed; an enum is its underlying integer.</summary>
    public int FixedWidth => Kind switch
    {
        DeclarationKind.Enum => Underlying!.Width,
        DeclarationKind.Struct or DeclarationKind.RecordStruct when Members.Count > 0 && Members.All(m => m.Type.FixedWidth >= 0) => Members.Sum(m => m.Type.FixedWidth),
        _ => -1,
    };

    /// <summary>wire-format §6.3: the base's members first, then properties before fields, each in declaration order; or by [PackOrder].</summary>
    public IReadOnlyList<ContractMember> WireMembers
    {
        get
        {
            var inherited = Base is { IsUnion: false } ? Base.WireMembers : [];
            var own = Members.Where(m => !m.IsField).Concat(Members.Where(m => m.IsField));
            var all = inherited.Concat(own).ToList();
            return all.Any(m => m.Order is not null) ? all.OrderBy(m => m.Order).ToList() : all;
        }
    }

    /// <summary>This declaration's entry of types.json (docs/wire-format.md §14).</summary>
    public JsonObject ToVectorType()
    {
        var entry = new JsonObject { ["name"] = Name };
        switch (Kind)
        {
            case DeclarationKind.Enum:
                entry["kind"] = "enum";
                entry["underlying"] = Underlying!.Name;
                var values = new JsonObject();
                foreach (var (valueName, value) in EnumValues)
                {
                    values[valueName] = value;
                }

                entry["values"] = values;
                return entry;
            case DeclarationKind.Union or DeclarationKind.InterfaceUnion:
                entry["kind"] = "union";
                entry["cases"] = new JsonArray(Cases.Select(c => (JsonNode)new JsonObject { ["tag"] = c.Tag, ["type"] = c.Case.Name }).ToArray());
                return entry;
        }

        entry["kind"] = !IsValueType ? "class (header, nullable)"
            : FixedWidth >= 0 ? $"fixed struct ({FixedWidth} bytes, no header)"
            : "struct (header, never null)";
        var members = new JsonArray();
        foreach (var member in WireMembers)
        {
            var json = new JsonObject { ["name"] = member.Name, ["type"] = member.Type.VectorName };
            if (member.DefaultJson is not null)
            {
                json["default"] = new JsonObject { ["json"] = member.DefaultJson.DeepClone(), ["from"] = IsPositional || member.Parameter is not null ? "constructor parameter" : "initializer" };
            }

            members.Add(json);
        }

        entry["members"] = members;
        return entry;
    }

    /// <summary>The C# declaration.</summary>
    public void WriteSource(StringBuilder source)
    {
        if (Definition is not null)
        {
            // A closed instance: its definition is the C#.
            return;
        }

        if (Container is not null)
        {
            // A nested type: its schema name and the TypeScript name derived from it are the nested ones.
            source.Append(CultureInfo.InvariantCulture, $"public static partial class {Container}\n{{\n");
            var inner = new StringBuilder();
            WriteDeclaration(inner);
            source.Append(inner.ToString().TrimEnd('\n')).Append("\n}\n\n");
            return;
        }

        WriteDeclaration(source);
    }

    private void WriteDeclaration(StringBuilder source)
    {
        switch (Kind)
        {
            case DeclarationKind.Enum:
                source.Append(CultureInfo.InvariantCulture, $"public enum {Name} : {Underlying!.Name}\n{{\n");
                foreach (var (valueName, value) in EnumValues)
                {
                    source.Append(CultureInfo.InvariantCulture, $"    {valueName} = unchecked(({Underlying.Name}){value}),\n");
                }

                source.Append("}\n\n");
                return;
            case DeclarationKind.Union or DeclarationKind.InterfaceUnion:
                foreach (var (tag, unionCase) in Cases)
                {
                    source.Append(JsonDerived
                        ? string.Create(CultureInfo.InvariantCulture, $"[System.Text.Json.Serialization.JsonDerivedType(typeof({unionCase.CSharpName}), {tag})]\n")
                        : string.Create(CultureInfo.InvariantCulture, $"[PackUnion({tag}, typeof({unionCase.CSharpName}))]\n"));
                }

                source.Append(Kind == DeclarationKind.Union ? $"public abstract class {Name};\n\n" : $"public interface {Name};\n\n");
                return;
        }

        string bases = Base is null ? "" : $" : {(Base.Definition is null ? Base.CSharpName : new ContractTypeRef.Named(Base).CSharp(annotations: true))}";
        string parameters = IsGenericDefinition ? $"<{string.Join(", ", Enumerable.Range(0, TypeParameterCount).Select(i => $"T{i}"))}>" : "";
        if (IsPositional)
        {
            string keyword = Kind == DeclarationKind.Record ? (HasDerived ? "record" : "sealed record") : "readonly record struct";
            var parameterList = Members.Select(m =>
                $"{(m.Order is { } order ? $"[property: PackOrder({order})] " : "")}{m.Type.CSharp(annotations: true)} {m.Name}{(m.DefaultCSharp is null ? "" : " = " + m.DefaultCSharp)}");
            source.Append(CultureInfo.InvariantCulture, $"public {keyword} {Name}{parameters}({string.Join(", ", parameterList)}){bases};\n\n");
            return;
        }

        string head = Kind == DeclarationKind.Struct ? "struct" : HasDerived ? "class" : "sealed class";
        source.Append(DataContract ? "[System.Runtime.Serialization.DataContract]\n" : "");
        source.Append(CultureInfo.InvariantCulture, $"public {head} {Name}{parameters}{bases}\n{{\n");
        if (Constructor is not null)
        {
            // The constructor binds its parameters to members by name, ignoring case, in its own order.
            if (Constructor.Length > 0)
            {
                source.Append(CultureInfo.InvariantCulture, $"    public {Name}()\n    {{\n    }}\n\n    [{Constructor}]\n");
            }

            var parameterList = ParameterOrder.Select(m => $"{m.Type.CSharp(annotations: true)} {m.Parameter}{(m.DefaultCSharp is null ? "" : " = " + m.DefaultCSharp)}");
            source.Append(CultureInfo.InvariantCulture, $"    public {Name}({string.Join(", ", parameterList)})\n    {{\n");
            foreach (var member in ParameterOrder)
            {
                source.Append(CultureInfo.InvariantCulture, $"        this.{member.Name} = {member.Parameter};\n");
            }

            source.Append("    }\n\n");
        }

        foreach (var member in Members)
        {
            string order = member.Order is { } o ? $"[PackOrder({o})] " : "";
            string type = member.Type.CSharp(annotations: true);
            bool bound = member.Parameter is not null;
            string initializer = member.DefaultCSharp is not null && !bound ? " = " + member.DefaultCSharp
                : member.Type.ForbidsNull && Kind == DeclarationKind.Class && !bound ? (member.Type is ContractTypeRef.TypeParameter ? " = default!" : " = null!")
                : "";
            string access = DataContract ? $"[System.Runtime.Serialization.DataMember] {member.Accessor} " : member.Setter == "required" ? "public required " : "public ";
            string accessors = bound ? member.Accessor! : member.Setter switch { null => "get; set;", "required" => "get; init;", var setter => $"get; {setter};" };
            source.Append(member.IsField
                ? $"    {order}{access}{(bound ? "readonly " : "")}{type} {member.Name}{initializer};\n"
                : $"    {order}{access}{type} {member.Name} {{ {accessors} }}{initializer}{(initializer.Length > 0 ? ";" : "")}\n");
        }

        foreach (var line in NonMembers)
        {
            source.Append("    ").Append(line).Append('\n');
        }

        source.Append("}\n\n");
    }
}
