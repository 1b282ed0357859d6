using System.Globalization;
using System.Reflection;
using System.Runtime.CompilerServices;
using System.Text;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// One random contract that breaks a rule of docs/generator.md (PACK003 to PACK005, PACK011 to PACK014, PACK016 to
/// PACK020), or a near miss that breaks none (an ignored or computed member of an unsupported type, a
/// <c>[DataContract]</c> type whose unsupported member has no <c>[DataMember]</c>, an integer discriminator of 65534…):
/// its C#, the root that reaches it (the type itself, a collection of it, a class holding it, a union it is a case of, a
/// class deriving from it) and the rule's ID, or null when the contract is valid.
/// </summary>
/// <remarks>
/// The run-time path refuses a type when a value of it is written or read (docs/generator.md), so <see cref="Witness"/>
/// makes a value of the root holding one of the rule-breaking type (an instance made without a constructor) where the
/// root reaches it; the generator refuses the closure of the root at compile time.
/// </remarks>
public sealed record RejectionCase(string Name, string Declarations, string RootCSharp, Func<Assembly, string, Type> RootType, Func<Assembly, string, object?> Witness, string? ExpectedId, string Description)
{
    public override string ToString() => $"{Name} ({Description}, expected {ExpectedId ?? "valid"})";
}

/// <summary>Generates <see cref="RejectionCase"/>s from a <see cref="Random"/>, one self-contained set of declarations each.</summary>
public sealed class RandomRejectionGenerator(Random random, string prefix)
{
    /// <summary>Member types Pack refuses, by rule (wire-format §2 to §8 name what it writes; docs/generator.md what it does not).</summary>
    private static readonly (string Id, string CSharp)[] BadMemberTypes =
    [
        ("PACK003", "object?"), ("PACK003", "object"), ("PACK003", "dynamic?"), ("PACK003", "List<object>?"), ("PACK003", "Dictionary<string, object?>?"),
        ("PACK003", "object[]?"), ("PACK003", "(int, object)"), ("PACK003", "KeyValuePair<string, object>"), ("PACK003", "object?[]?"),
        ("PACK004", "int[,]?"), ("PACK004", "string[,,]?"), ("PACK004", "List<int[,]>?"), ("PACK004", "Dictionary<int, byte[,]>?"),
        ("PACK005", "Queue<int>?"), ("PACK005", "Stack<string>?"), ("PACK005", "LinkedList<int>?"), ("PACK005", "SortedSet<int>?"),
        ("PACK005", "SortedDictionary<string, int>?"), ("PACK005", "System.Collections.ArrayList?"), ("PACK005", "Action?"), ("PACK005", "Func<int>?"),
        ("PACK005", "nint"), ("PACK005", "nuint"), ("PACK005", "IDisposable?"), ("PACK005", "IComparable<int>?"), ("PACK005", "{0}Abstract?"),
        ("PACK005", "{0}Bag?"), ("PACK005", "List<Queue<int>>?"), ("PACK005", "nint?"), ("PACK005", "(nuint, int)"), ("PACK005", "Memory<Action>"),
        ("PACK005", "System.Collections.Concurrent.ConcurrentQueue<int>?"), ("PACK005", "System.Collections.IEnumerable?"),
    ];

    private int _count;

    /// <summary>A case: a rule broken (or a near miss) in a random shape, reached from the root in a random way.</summary>
    public RejectionCase Next()
    {
        string name = $"{prefix}{_count++}";
        var source = new StringBuilder();
        var core = random.Next(10) switch
        {
            0 or 1 => OrderCase(name, source),
            2 => ConstructorCase(name, source),
            3 or 4 => UnionCase(name, source),
            _ => MemberCase(name, source),
        };
        return Wrap(name, core, source);
    }

    /// <summary>The invalid (or near-miss) type: its name, whether it is a struct, whether it is a class other types may derive from, its rule and what it is.</summary>
    private sealed record Core(string Type, string Instance, bool IsStruct, bool Derivable, bool HasBase, bool Ordered, string? Id, string Description);

    /// <summary>[PackOrder] on some members only (PACK011), or twice the same (PACK012), in a class, struct or record, or across a class and its base.</summary>
    private Core OrderCase(string name, StringBuilder source)
    {
        int count = random.Next(2, 5);
        bool duplicate = random.Next(2) == 0;
        int[] orders = Enumerable.Range(0, count).Select(i => (i * 2) + random.Next(2)).OrderBy(_ => random.Next()).ToArray();
        bool[] ordered = Enumerable.Repeat(true, count).ToArray();
        if (duplicate)
        {
            orders[1] = orders[0];
        }
        else
        {
            // Some but not all.
            int unordered = random.Next(1, count);
            foreach (int i in Enumerable.Range(0, count).OrderBy(_ => random.Next()).Take(unordered))
            {
                ordered[i] = false;
            }
        }

        string Order(int i, string target = "") => ordered[i] ? $"[{target}PackOrder({orders[i]})] " : "";
        string[] types = Enumerable.Range(0, count).Select(_ => PlainType()).ToArray();
        string id = duplicate ? "PACK012" : "PACK011";
        switch (random.Next(5))
        {
            case 0:
                // A computed property with an order is no member (its order takes no place): it must not change the verdict.
                source.Append(CultureInfo.InvariantCulture, $"public class {name}\n{{\n");
                for (int i = 0; i < count; i++)
                {
                    source.Append(CultureInfo.InvariantCulture, $"    {Order(i)}public {types[i]} M{i} {{ get; set; }}\n");
                }

                source.Append(CultureInfo.InvariantCulture, $"    [PackOrder({orders[0]})] public int Computed => 1;\n}}\n\n");
                return new Core(name, name, false, true, false, true, id, "class, [PackOrder] and a computed property");
            case 1:
                source.Append(CultureInfo.InvariantCulture, $"public struct {name}\n{{\n");
                for (int i = 0; i < count; i++)
                {
                    source.Append(CultureInfo.InvariantCulture, $"    {Order(i)}public {types[i]} M{i}{(random.Next(2) == 0 ? ";" : " { get; set; }")}\n");
                }

                source.Append("}\n\n");
                return new Core(name, name, true, false, false, true, id, "struct");
            case 2:
                source.Append(CultureInfo.InvariantCulture, $"public sealed record {name}({string.Join(", ", Enumerable.Range(0, count).Select(i => $"{Order(i, "property: ")}{types[i]} M{i}"))});\n\n");
                return new Core(name, name, false, false, false, true, id, "positional record");
            default:
                // Across a hierarchy: the base's members first (wire-format §6.3), then the derived class's.
                int split = random.Next(1, count);
                source.Append(CultureInfo.InvariantCulture, $"public class {name}Base\n{{\n");
                for (int i = 0; i < split; i++)
                {
                    source.Append(CultureInfo.InvariantCulture, $"    {Order(i)}public {types[i]} M{i} {{ get; set; }}\n");
                }

                source.Append(CultureInfo.InvariantCulture, $"}}\n\npublic class {name} : {name}Base\n{{\n");
                for (int i = split; i < count; i++)
                {
                    source.Append(CultureInfo.InvariantCulture, $"    {Order(i)}public {types[i]} M{i}{(random.Next(3) == 0 ? ";" : " { get; set; }")}\n");
                }

                source.Append("}\n\n");
                return new Core(name, name, false, true, true, true, id, "class hierarchy");
        }
    }

    /// <summary>No usable constructor (PACK013) or a parameter binding no member (PACK014), or a near miss.</summary>
    private Core ConstructorCase(string name, StringBuilder source)
    {
        string type = PlainType();
        string other = PlainType(except: type);
        switch (random.Next(7))
        {
            case 0:
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    public {name}({type} other) => A = other;\n\n    public {type} A {{ get; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, "PACK013", "get-only property, a parameter of another name");
            case 1:
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    public {name}({other} a) => A = default!;\n\n    public {type} A {{ get; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, "PACK013", "get-only property, a parameter of its name and another type");
            case 2:
                string attribute = random.Next(2) == 0 ? "PackConstructor" : "System.Text.Json.Serialization.JsonConstructor";
                bool isStruct = random.Next(3) == 0;
                source.Append(CultureInfo.InvariantCulture, $"public {(isStruct ? "struct" : "sealed class")} {name}\n{{\n    [{attribute}]\n    public {name}({type} missing) => A = missing;\n\n    public {type} A {{ get; set; }}\n}}\n\n");
                return new Core(name, name, isStruct, false, false, false, "PACK014", $"[{attribute.Split('.')[^1]}] with a parameter of no member's name");
            case 3:
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    [PackConstructor]\n    public {name}({other} a) => A = default!;\n\n    public {type} A {{ get; set; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, "PACK014", "[PackConstructor] with a parameter of a member's name and another type");
            case 4:
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    [PackConstructor]\n    public {name}({type} a) => A = a;\n\n    [PackIgnore] public {type} A {{ get; set; }}\n\n    public int B {{ get; set; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, "PACK014", "[PackConstructor] binding an ignored member");
            case 5:
                // Near miss: the constructor binds (ignoring case), and a private parameterless one is not public.
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    private {name}() => A = default!;\n\n    public {name}({type} a) => A = a;\n\n    public {type} A {{ get; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, null, "get-only property bound by a public constructor");
            default:
                // Near miss: [PackConstructor] on a non-public constructor that binds.
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}\n{{\n    public {name}(int unrelated, string other) => A = default!;\n\n    [PackConstructor]\n    internal {name}({type} a) => A = a;\n\n    public {type} A {{ get; }}\n}}\n\n");
                return new Core(name, name, false, false, false, false, null, "[PackConstructor] on an internal constructor");
        }
    }

    /// <summary>Union cases breaking PACK016 to PACK020, or a near miss.</summary>
    private Core UnionCase(string name, StringBuilder source)
    {
        bool isInterface = random.Next(3) == 0;
        int cases = random.Next(1, 4);
        var tags = Enumerable.Range(0, cases).Select(i => (long)((i * 3) + random.Next(3))).ToList();
        var caseTypes = Enumerable.Range(0, cases).Select(i => $"{name}Case{i}").ToList();
        bool jsonDerived = random.Next(2) == 0;
        string? id;
        string description;
        var extra = new List<string>();
        int roll = random.Next(8);
        switch (roll)
        {
            case 0:
                tags[random.Next(cases)] = 65535;
                (id, description) = jsonDerived ? ("PACK020", "[JsonDerivedType] discriminator 65535") : ("PACK016", "[PackUnion] tag 65535");
                break;
            case 1 when cases > 1:
                tags[1] = tags[0];
                (id, description) = ("PACK017", "a tag twice");
                break;
            case 1:
                caseTypes.Add(caseTypes[0]);
                tags.Add(tags[0] + 1);
                (id, description) = ("PACK017", "a case twice");
                break;
            case 2:
                caseTypes.Add($"{name}Unrelated");
                tags.Add(tags.Max() + 1);
                extra.Add($"public sealed class {name}Unrelated {{ public int X {{ get; set; }} }}");
                (id, description) = ("PACK018", "a case that does not derive from the union");
                break;
            case 3 when !isInterface:
                caseTypes.Add($"{name}Middle");
                tags.Add(tags.Max() + 1);
                extra.Add($"public abstract class {name}Middle : {name} {{ public int X {{ get; set; }} }}");
                (id, description) = ("PACK018", "an abstract case");
                break;
            case 3:
                caseTypes.Add($"I{name}Sub");
                tags.Add(tags.Max() + 1);
                extra.Add($"public interface I{name}Sub : {name};");
                (id, description) = ("PACK018", "an interface case");
                break;
            case 4 when jsonDerived:
                tags[random.Next(cases)] = random.Next(2) == 0 ? -1 : random.Next(65536, int.MaxValue);
                (id, description) = ("PACK020", "[JsonDerivedType] discriminator out of range");
                break;
            case 4 or 5:
                // Near miss: the ends of the range.
                tags[random.Next(cases)] = random.Next(2) == 0 ? 0 : 65534;
                if (tags.Distinct().Count() < tags.Count)
                {
                    tags = Enumerable.Range(0, cases).Select(i => (long)(65534 - i)).ToList();
                }

                (id, description) = (null, "tags 0 and 65534");
                break;
            default:
                if (!jsonDerived || roll == 6)
                {
                    // [PackUnion] decides; a [JsonDerivedType] with a string discriminator beside it is left to JSON (near miss).
                    jsonDerived = false;
                    extra.Add("string");
                    (id, description) = (null, "[PackUnion] beside a string [JsonDerivedType]");
                }
                else
                {
                    (id, description) = ("PACK019", "[JsonDerivedType] without an integer discriminator");
                }

                break;
        }

        for (int i = 0; i < caseTypes.Count; i++)
        {
            source.Append(jsonDerived
                ? $"[System.Text.Json.Serialization.JsonDerivedType(typeof({caseTypes[i]}), {tags[i]})]\n"
                : $"[PackUnion({tags[i]}, typeof({caseTypes[i]}))]\n");
        }

        if (id == "PACK019")
        {
            source.Append(random.Next(2) == 0
                ? $"[System.Text.Json.Serialization.JsonDerivedType(typeof({name}Named), \"n\")]\n"
                : $"[System.Text.Json.Serialization.JsonDerivedType(typeof({name}Named))]\n");
            extra.Add($"public sealed class {name}Named : {name} {{ public int N {{ get; set; }} }}");
        }
        else if (extra.Remove("string"))
        {
            source.Append(CultureInfo.InvariantCulture, $"[System.Text.Json.Serialization.JsonDerivedType(typeof({caseTypes[0]}), \"first\")]\n");
        }

        source.Append(isInterface ? $"public interface {name};\n\n" : $"public abstract class {name};\n\n");
        foreach (string caseType in caseTypes.Distinct().Where(c => c.StartsWith(name + "Case", StringComparison.Ordinal)))
        {
            source.Append(random.Next(3) == 0 && isInterface
                ? $"public struct {caseType} : {name} {{ public int X {{ get; set; }} }}\n"
                : $"public sealed class {caseType} : {name} {{ public {PlainType()} X {{ get; set; }} }}\n");
        }

        foreach (string line in extra)
        {
            source.Append(line).Append('\n');
        }

        source.Append('\n');
        return new Core(name, name + "Case0", false, false, false, false, id, (isInterface ? "interface union: " : "union: ") + description);
    }

    /// <summary>A member of an unsupported type (PACK003 to PACK005), in a class, struct, record or [DataContract] class; or a near miss that leaves it out of the contract.</summary>
    private Core MemberCase(string name, StringBuilder source)
    {
        var (id, badType) = BadMemberTypes[random.Next(BadMemberTypes.Length)];
        badType = string.Format(CultureInfo.InvariantCulture, badType, name);
        if (badType.StartsWith(name + "Abstract", StringComparison.Ordinal))
        {
            source.Append(CultureInfo.InvariantCulture, $"public abstract class {name}Abstract {{ public int X {{ get; set; }} }}\n");
        }
        else if (badType.StartsWith(name + "Bag", StringComparison.Ordinal))
        {
            source.Append(CultureInfo.InvariantCulture, $"public sealed class {name}Bag : IEnumerable<int>\n{{\n    public IEnumerator<int> GetEnumerator() {{ yield break; }}\n\n    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();\n}}\n");
        }

        string plain = PlainType();
        string initializer = badType.EndsWith('?') || badType.StartsWith('(') || badType.StartsWith("KeyValuePair", StringComparison.Ordinal) || badType.StartsWith("Memory", StringComparison.Ordinal) || badType is "nint" or "nuint" ? "" : " = null!;";
        // How the member is declared: a member of the contract (the rule applies), or left out of it (a near miss).
        var (line, member, how) = random.Next(12) switch
        {
            0 => ($"[PackIgnore] public {badType} Bad {{ get; set; }}{initializer}", false, "[PackIgnore]"),
            1 => ($"[System.Text.Json.Serialization.JsonIgnore] public {badType} Bad {{ get; set; }}{initializer}", false, "[JsonIgnore]"),
            2 => ($"[System.Runtime.Serialization.IgnoreDataMember] public {badType} Bad{(initializer.Length > 0 ? " = null!" : "")};", false, "[IgnoreDataMember] field"),
            3 => ($"public {badType} Bad => default!;", false, "computed property"),
            4 => ($"private {badType} Bad {{ get; set; }}{initializer}", false, "private property"),
            5 => ($"[System.Text.Json.Serialization.JsonIgnore(Condition = System.Text.Json.Serialization.JsonIgnoreCondition.WhenWritingNull)] public {badType} Bad {{ get; set; }}{initializer}", true, "[JsonIgnore(WhenWritingNull)]"),
            6 => ($"public {badType} Bad{(initializer.Length > 0 ? " = null!" : "")};", true, "public field"),
            7 => ($"public {badType} Bad {{ get; private set; }}{initializer}", true, "private setter"),
            _ => ($"public {badType} Bad {{ get; set; }}{initializer}", true, "property"),
        };
        switch (random.Next(6))
        {
            case 0 when member && !line.StartsWith('[') && !line.Contains("private", StringComparison.Ordinal):
                // A positional record: the parameter's property.
                source.Append(CultureInfo.InvariantCulture, $"public sealed record {name}({plain} A, {badType} Bad);\n\n");
                return new Core(name, name, false, false, false, false, id, $"record parameter of type {badType}");
            case 1:
                // [DataContract]: only [DataMember] members, whatever their accessibility.
                bool dataMember = random.Next(2) == 0;
                source.Append(CultureInfo.InvariantCulture, $"[System.Runtime.Serialization.DataContract]\npublic class {name}\n{{\n    [System.Runtime.Serialization.DataMember] public {plain} A {{ get; set; }}\n\n");
                source.Append(CultureInfo.InvariantCulture, $"    {(dataMember ? "[System.Runtime.Serialization.DataMember] " : "")}{(random.Next(2) == 0 ? "private" : "public")} {badType} Bad {{ get; set; }}{initializer}\n}}\n\n");
                return new Core(name, name, false, false, false, false, dataMember ? id : null, $"[DataContract], {(dataMember ? "[DataMember]" : "no [DataMember]")} of type {badType}");
            case 2 when !line.Contains("=>", StringComparison.Ordinal) && (initializer.Length == 0 || !line.Contains("{ get", StringComparison.Ordinal)):
                source.Append(CultureInfo.InvariantCulture, $"public struct {name}\n{{\n    public {plain} A {{ get; set; }}\n\n    {line.Replace("} = null!;", "}", StringComparison.Ordinal).Replace(" = null!;", ";", StringComparison.Ordinal)}\n}}\n\n");
                return new Core(name, name, true, false, false, false, member ? id : null, $"struct, {how} of type {badType}");
            default:
                source.Append(CultureInfo.InvariantCulture, $"public class {name}\n{{\n    public {plain} A {{ get; set; }}\n\n    {line}\n}}\n\n");
                return new Core(name, name, false, true, false, false, member ? id : null, $"class, {how} of type {badType}");
        }
    }

    /// <summary>How the root reaches the core type, and a value of the root holding a value of it.</summary>
    private RejectionCase Wrap(string name, Core core, StringBuilder source)
    {
        static Type Named(Assembly assembly, string n, string typeName) => assembly.GetType($"{n}.{typeName}", throwOnError: true)!;
        string t = core.Type;
        object Instance(Assembly a, string n) => WithBad(RuntimeHelpers.GetUninitializedObject(Named(a, n, core.Instance)));
        RejectionCase Case(string root, Func<Assembly, string, Type> type, Func<Assembly, string, object?> witness, string how)
            => new(name, source.ToString(), root, type, witness, core.Id, core.Description + how);
        switch (random.Next(11))
        {
            case 0:
                return Case($"List<{t}>", (a, n) => typeof(List<>).MakeGenericType(Named(a, n, t)), (a, n) => List(Named(a, n, t), Instance(a, n)), ", root a List of it");
            case 1:
                return Case($"{t}[]", (a, n) => Named(a, n, t).MakeArrayType(), (a, n) => Array(Named(a, n, t), Instance(a, n)), ", root an array of it");
            case 2:
                return Case($"Dictionary<string, {t}>", (a, n) => typeof(Dictionary<,>).MakeGenericType(typeof(string), Named(a, n, t)), (a, n) => Map("k", Named(a, n, t), Instance(a, n)), ", root a Dictionary of it");
            case 3 when core.IsStruct:
                return Case($"{t}?", (a, n) => typeof(Nullable<>).MakeGenericType(Named(a, n, t)), Instance, ", root a Nullable of it");
            case 4 or 5:
                string holder = name + "Holder";
                string plain = PlainType();
                int shape = random.Next(4);
                string memberType = shape switch
                {
                    0 => $"List<{t}>?",
                    1 => $"({plain}, {t}{(core.IsStruct ? "" : "?")})",
                    2 => $"Dictionary<int, {t}?>?",
                    _ => $"{t}?",
                };
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {holder}\n{{\n    public int Before {{ get; set; }}\n\n    public {memberType} Inner {{ get; set; }}\n}}\n\n");
                return Case(
                    holder,
                    (a, n) => Named(a, n, holder),
                    (a, n) =>
                    {
                        var type = Named(a, n, holder);
                        object value = Activator.CreateInstance(type)!;
                        var property = type.GetProperty("Inner")!;
                        var inner = Named(a, n, t);
                        object item = Instance(a, n);
                        property.SetValue(value, shape switch
                        {
                            0 => List(inner, item),
                            1 => Activator.CreateInstance(property.PropertyType, Default(property.PropertyType.GetGenericArguments()[0]), item),
                            2 => Map(0, property.PropertyType.GetGenericArguments()[1], item),
                            _ => item,
                        });
                        return value;
                    },
                    $", held as {memberType}");
            case 6 when core.Derivable && !core.HasBase:
                // The core class as a case of a union (its base, which has no members).
                string union = name + "Union";
                source.Append(CultureInfo.InvariantCulture, $"[PackUnion({random.Next(3)}, typeof({t}))]\npublic abstract class {union};\n\n");
                source.Replace($"public class {t}\n", $"public class {t} : {union}\n");
                return Case(union, (a, n) => Named(a, n, union), Instance, ", a case of a union");
            case 7 when core.Derivable:
                string derived = name + "Derived";
                source.Append(CultureInfo.InvariantCulture, $"public sealed class {derived} : {t}\n{{\n    {(core.Ordered ? "[PackOrder(1000)] " : "")}public int Extra {{ get; set; }}\n}}\n\n");
                return Case(derived, (a, n) => Named(a, n, derived), (a, n) => WithBad(RuntimeHelpers.GetUninitializedObject(Named(a, n, derived))), ", root a class deriving from it");
            case 8:
                // A generic holder: the core type is its type argument (docs/generator.md covers closed generic types).
                string box = name + "Box";
                bool positional = random.Next(2) == 0;
                source.Append(positional
                    ? $"public sealed record {box}<T>(int Before, T Inner);\n\n"
                    : $"public sealed class {box}<T>\n{{\n    public int Before {{ get; set; }}\n\n    public List<T>? Inner {{ get; set; }}\n}}\n\n");
                return Case(
                    $"{box}<{t}>",
                    (a, n) => a.GetType($"{n}.{box}`1", throwOnError: true)!.MakeGenericType(Named(a, n, t)),
                    (a, n) =>
                    {
                        var type = a.GetType($"{n}.{box}`1", throwOnError: true)!.MakeGenericType(Named(a, n, t));
                        object item = Instance(a, n);
                        return positional
                            ? Activator.CreateInstance(type, 1, item)
                            : WithInner(Activator.CreateInstance(type)!, List(Named(a, n, t), item));
                    },
                    $", the argument of a generic {(positional ? "record" : "class's list")}");
            default:
                return Case(t, (a, n) => Named(a, n, t), Instance, "");
        }
    }

    /// <summary>Sets the member <c>Bad</c> (of a type breaking a rule), if the instance has one, to a value holding a value of every type in it.</summary>
    private static object WithBad(object instance)
    {
        const BindingFlags Any = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic;
        for (var type = instance.GetType(); type is not null; type = type.BaseType)
        {
            if (type.GetProperty("Bad", Any | BindingFlags.DeclaredOnly) is { SetMethod: not null } property)
            {
                property.SetValue(instance, Populated(property.PropertyType, 0));
                break;
            }

            if (type.GetField("Bad", Any | BindingFlags.DeclaredOnly) is { } field)
            {
                field.SetValue(instance, Populated(field.FieldType, 0));
                break;
            }
        }

        return instance;
    }

    /// <summary>A value of <paramref name="type"/> that reaches every type it is made of: collections of one element, tuples and pairs with every item.</summary>
    private static object? Populated(Type type, int depth)
    {
        if (depth > 4)
        {
            return Default(type);
        }

        if (type == typeof(object))
        {
            return new object();
        }

        if (type == typeof(string))
        {
            return "k";
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Populated(underlying, depth + 1);
        }

        if (type.IsArray)
        {
            var element = type.GetElementType()!;
            var array = System.Array.CreateInstance(element, Enumerable.Repeat(1, type.GetArrayRank()).ToArray());
            array.SetValue(Populated(element, depth + 1), new int[type.GetArrayRank()]);
            return array;
        }

        if (typeof(Delegate).IsAssignableFrom(type))
        {
            var invoke = type.GetMethod("Invoke")!;
            return System.Linq.Expressions.Expression.Lambda(
                type, System.Linq.Expressions.Expression.Default(invoke.ReturnType), invoke.GetParameters().Select(p => System.Linq.Expressions.Expression.Parameter(p.ParameterType))).Compile();
        }

        if (type.IsAbstract || type.IsInterface)
        {
            return null;
        }

        if (type.IsGenericType)
        {
            var definition = type.GetGenericTypeDefinition();
            var arguments = type.GetGenericArguments();
            if (definition == typeof(List<>))
            {
                return List(arguments[0], Populated(arguments[0], depth + 1)!);
            }

            if (definition == typeof(Dictionary<,>))
            {
                var map = (System.Collections.IDictionary)Activator.CreateInstance(type)!;
                map.Add(Populated(arguments[0], depth + 1)!, Populated(arguments[1], depth + 1));
                return map;
            }

            if (definition == typeof(Memory<>))
            {
                var array = System.Array.CreateInstance(arguments[0], 1);
                array.SetValue(Populated(arguments[0], depth + 1), 0);
                return Activator.CreateInstance(type, array);
            }

            if (type.FullName!.StartsWith("System.ValueTuple`", StringComparison.Ordinal) || definition == typeof(KeyValuePair<,>))
            {
                return Activator.CreateInstance(type, arguments.Select(a => Populated(a, depth + 1)).ToArray());
            }
        }

        return type.IsValueType ? Activator.CreateInstance(type) : type.GetConstructor(Type.EmptyTypes) is not null ? Activator.CreateInstance(type) : null;
    }

    private static object WithInner(object instance, object inner)
    {
        instance.GetType().GetProperty("Inner")!.SetValue(instance, inner);
        return instance;
    }

    private static object List(Type element, object item)
    {
        var list = (System.Collections.IList)Activator.CreateInstance(typeof(List<>).MakeGenericType(element))!;
        list.Add(item);
        return list;
    }

    private static object Array(Type element, object item)
    {
        var array = System.Array.CreateInstance(element, 1);
        array.SetValue(item, 0);
        return array;
    }

    private static object Map(object key, Type value, object item)
    {
        var map = (System.Collections.IDictionary)Activator.CreateInstance(typeof(Dictionary<,>).MakeGenericType(key.GetType(), value))!;
        map.Add(key, item);
        return map;
    }

    private static object? Default(Type type) => type.IsValueType ? Activator.CreateInstance(type) : null;

    private string PlainType(string? except = null)
    {
        string[] types = ["int", "string?", "long", "double", "Guid", "bool", "List<int>?", "DateTime", "byte[]?"];
        string type;
        do
        {
            type = types[random.Next(types.Length)];
        }
        while (type == except);
        return type;
    }
}
