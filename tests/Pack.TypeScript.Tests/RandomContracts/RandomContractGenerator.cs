using System.Globalization;
using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>
/// Generates random contract declarations from a <see cref="Random"/>: classes (some deriving from others, some with
/// public fields), positional records and record structs (with parameter defaults), structs (fixed or with a header),
/// enums of every underlying width, unions over an abstract class or an interface (class and struct cases), members of
/// every primitive of wire-format §2, <c>Nullable&lt;T&gt;</c>, annotated and non-annotated references, arrays, lists,
/// sets and dictionaries, <c>[PackOrder]</c> and constant initializers (also of <c>Nullable</c> members), classes deriving
/// from closed generic classes whose properties have private, protected, init or required setters. A declaration refers only to declarations made
/// before it and no deeper than <see cref="MaxDepth"/>, so there are no cycles and values stay small.
/// </summary>
public sealed class RandomContractGenerator(Random random, string prefix)
{
    public const int MaxDepth = 4;

    /// <summary>Every primitive of wire-format §2 with its width (string: −1).</summary>
    public static readonly IReadOnlyList<ContractTypeRef.Primitive> Primitives =
    [
        new("bool", 1), new("byte", 1), new("sbyte", 1), new("short", 2), new("ushort", 2), new("char", 2), new("int", 4),
        new("uint", 4), new("long", 8), new("ulong", 8), new("Int128", 16), new("UInt128", 16), new("Half", 2), new("float", 4),
        new("double", 8), new("decimal", 16), new("Guid", 16), new("DateTime", 8), new("DateTimeOffset", 10), new("TimeSpan", 8),
        new("DateOnly", 4), new("TimeOnly", 8), new("string", -1),
    ];

    private static readonly string[] EnumUnderlying = ["byte", "sbyte", "short", "ushort", "int", "uint", "long", "ulong"];

    /// <summary>Key (and set element) types whose equality (wire-format §5.1) the value generator keeps distinct.</summary>
    private static readonly string[] KeyPrimitives = ["int", "long", "string", "Guid", "double", "float", "char", "uint", "DateOnly", "short", "decimal", "DateTime", "TimeSpan", "Half"];

    private readonly List<ContractDeclaration> _declarations = [];

    /// <summary>Declarations being built (a union and its cases): they take names before they are added.</summary>
    private int _pending;

    public IReadOnlyList<ContractDeclaration> Declarations => _declarations;

    /// <summary>Generates <paramref name="count"/> top-level declarations (union cases come on top).</summary>
    public void Generate(int count)
    {
        for (int i = 0; i < count; i++)
        {
            int roll = random.Next(100);
            var kind = roll switch
            {
                < 10 => DeclarationKind.Enum,
                < 35 => DeclarationKind.Class,
                < 52 => DeclarationKind.Record,
                < 66 => DeclarationKind.Struct,
                < 76 => DeclarationKind.RecordStruct,
                < 88 => DeclarationKind.Union,
                _ => DeclarationKind.InterfaceUnion,
            };
            switch (kind)
            {
                case DeclarationKind.Enum:
                    _declarations.Add(Enum());
                    break;
                case DeclarationKind.Union or DeclarationKind.InterfaceUnion:
                    Union(kind);
                    break;
                default:
                    if (random.Next(8) == 0)
                    {
                        Generic(kind);
                        break;
                    }

                    _declarations.Add(Composite(kind, unionBase: null));
                    break;
            }
        }
    }

    private string NextName() => $"{prefix}{_declarations.Count + _pending}";

    /// <summary>A static class to nest a declaration in (one in six), so schema names and TypeScript names of nested types are exercised.</summary>
    private string? Container() => random.Next(6) == 0 ? $"{prefix}Outer{random.Next(2)}" : null;

    private ContractDeclaration Enum()
    {
        string underlyingName = EnumUnderlying[random.Next(EnumUnderlying.Length)];
        var underlying = Primitives.Single(p => p.Name == underlyingName);
        var declaration = new ContractDeclaration(NextName(), DeclarationKind.Enum) { Underlying = underlying, Container = Container() };
        var used = new HashSet<string>(StringComparer.Ordinal);
        int count = random.Next(1, 5);
        for (int i = 0; i < count; i++)
        {
            string value = RandomValues.Integer(random, underlying.Name);
            if (used.Add(value))
            {
                declaration.EnumValues.Add(($"V{i}", value));
            }
        }

        return declaration;
    }

    private void Union(DeclarationKind kind)
    {
        var union = new ContractDeclaration(NextName(), kind) { Container = Container(), JsonDerived = random.Next(4) == 0 };
        _pending++;
        int cases = random.Next(1, 4);
        var tags = new HashSet<ushort>();
        for (int i = 0; i < cases; i++)
        {
            var caseKind = kind == DeclarationKind.Union
                ? DeclarationKind.Class
                : random.Next(4) switch { 0 => DeclarationKind.Class, 1 => DeclarationKind.Record, 2 => DeclarationKind.Struct, _ => DeclarationKind.RecordStruct };
            var unionCase = Composite(caseKind, union);
            ushort tag = random.Next(3) == 0 ? (ushort)random.Next(0, 65535) : (ushort)random.Next(0, 8);
            while (!tags.Add(tag))
            {
                tag = (ushort)random.Next(0, 65535);
            }

            union.Cases.Add((tag, unionCase));
            _declarations.Add(unionCase);
        }

        _pending--;
        union.Depth = union.Cases.Max(c => c.Case.Depth);
        _declarations.Add(union);
    }

    /// <summary>
    /// A generic definition (<c>Name&lt;T0&gt;</c> or <c>Name&lt;T0, T1&gt;</c>) whose members use its type parameters
    /// (<c>T0</c>, <c>List&lt;T0&gt;</c>, <c>T0[]</c>, <c>Dictionary&lt;string, T0&gt;</c>, <c>(int, T0)</c>) beside
    /// other types, and one to three closed instances of it (<c>Name&lt;int&gt;</c>, <c>Name&lt;string?&gt;</c>,
    /// <c>Name&lt;Earlier&gt;</c>…), which other declarations and roots use like any other.
    /// </summary>
    private void Generic(DeclarationKind kind)
    {
        var definition = Composite(kind, unionBase: null, typeParameters: random.Next(1, 3));
        _declarations.Add(definition);
        int instances = random.Next(1, 4);
        for (int i = 0; i < instances; i++)
        {
            var arguments = Enumerable.Range(0, definition.TypeParameterCount).Select(_ => TypeArgument()).ToList();
            var instance = definition.Close($"{definition.Name}_I{i}", arguments);
            instance.Depth = Math.Max(definition.Depth, arguments.Select(a => a is ContractTypeRef.Named n ? n.Declaration.Depth + 1 : 1).Max());
            _declarations.Add(instance);
        }

        var last = _declarations[^1];
        if (kind == DeclarationKind.Class && last.Base is null && last.Depth < MaxDepth && !last.Members.Any(m => m.Order is not null) && random.Next(2) == 0)
        {
            // A class deriving from an instance right away (Order : Entity<Guid>, issue 42): generic classes are rare and
            // often come after the classes that could derive from them.
            _declarations.Add(Composite(kind, unionBase: null, genericBase: last));
        }
    }

    /// <summary>A type argument of a generic instance: a primitive (a string annotated or not), a nullable, a list, or an earlier declaration.</summary>
    private ContractTypeRef TypeArgument()
    {
        var candidates = _declarations.Where(d => d.Depth < MaxDepth - 1 && !d.IsGenericDefinition).ToList();
        int roll = random.Next(10);
        if (roll < 3 && candidates.Count > 0)
        {
            var target = candidates[random.Next(candidates.Count)];
            return new ContractTypeRef.Named(target, Annotated: !target.IsValueType && random.Next(2) == 0);
        }

        var primitive = Primitives[random.Next(Primitives.Count)];
        return roll switch
        {
            3 => new ContractTypeRef.NullableValue(primitive.IsValueType ? primitive : Primitives[0]),
            4 => new ContractTypeRef.Sequence(SequenceKind.List, primitive with { Annotated = !primitive.IsValueType && random.Next(2) == 0 }),
            _ => primitive with { Annotated = !primitive.IsValueType && random.Next(2) == 0 },
        };
    }

    private ContractDeclaration Composite(DeclarationKind kind, ContractDeclaration? unionBase, int typeParameters = 0, ContractDeclaration? genericBase = null)
    {
        var declaration = new ContractDeclaration(NextName(), kind) { Base = unionBase, Container = Container(), TypeParameterCount = typeParameters };
        if (kind is DeclarationKind.Class or DeclarationKind.Struct && random.Next(4) == 0)
        {
            // Not members (wire-format §6.3): they must change neither the schema nor the bytes (nor a struct's blittability).
            declaration.NonMembers.Add(random.Next(6) switch
            {
                0 => "[PackIgnore] public int XIgnored { get; set; }",
                1 => "[PackIgnore] public long XIgnoredField;",
                2 => "[System.Text.Json.Serialization.JsonIgnore] public string? XSkipped { get; set; }",
                3 => "[System.Runtime.Serialization.IgnoreDataMember] public double XHidden;",
                4 => "public int XComputed => 42;",
                _ => "public static int XShared { get; set; }",
            });
        }

        _pending++;
        if (genericBase is not null)
        {
            declaration.Base = genericBase;
            genericBase.Definition!.HasDerived = true;
            declaration.Depth = genericBase.Depth;
        }
        else if (kind == DeclarationKind.Class && unionBase is null && random.Next(3) == 0)
        {
            // A plain class, or a closed instance of a generic class (Entity<Guid>, issue 42), whose members may have
            // private, protected, init or required setters.
            var bases = _declarations.Where(d => d.Kind == DeclarationKind.Class && d.Base is null && d.Depth < MaxDepth && !d.Members.Any(m => m.Order is not null)
                && !d.IsGenericDefinition && d.Constructor is null && !d.DataContract).ToList();
            var generic = bases.Where(d => d.Definition is not null).ToList();
            if (generic.Count > 0 && random.Next(2) == 0)
            {
                // Half the time when there is one: closed generic classes are fewer than plain ones.
                bases = generic;
            }

            if (bases.Count > 0)
            {
                declaration.Base = bases[random.Next(bases.Count)];
                (declaration.Base.Definition ?? declaration.Base).HasDerived = true;
                declaration.Depth = declaration.Base.Depth;
            }
        }

        bool ordered = declaration.Base is null && random.Next(6) == 0;
        int count = random.Next(kind is DeclarationKind.Struct or DeclarationKind.RecordStruct ? 1 : 0, 7);
        // Distinct orders with gaps, in a random order: the wire order is by [PackOrder], not declaration order.
        var orders = new List<int>();
        for (int i = 0, next = random.Next(3); i < count; i++, next += 1 + random.Next(3))
        {
            orders.Insert(random.Next(orders.Count + 1), next);
        }

        bool inStruct = kind is DeclarationKind.Struct or DeclarationKind.RecordStruct;
        for (int i = 0; i < count; i++)
        {
            var type = typeParameters > 0 && random.Next(2) == 0 ? TypeParameterMember(typeParameters) : MemberType(declaration, nesting: 0);
            bool field = kind is DeclarationKind.Class or DeclarationKind.Struct && random.Next(4) == 0;
            var (defaultCSharp, defaultJson) = !inStruct && random.Next(4) == 0 ? Default(type, declaration.IsPositional) : (null, null);
            if (kind == DeclarationKind.Record && defaultCSharp is null && declaration.Members.Any(m => m.DefaultCSharp is not null))
            {
                // Optional parameters come last: once one has a default, the rest need one.
                (defaultCSharp, defaultJson) = Default(type, positional: true);
                if (defaultCSharp is null)
                {
                    break;
                }
            }

            declaration.Members.Add(new ContractMember(declaration.Base is { IsUnion: false } ? $"N{i}" : $"M{i}", type, field, ordered ? orders[i] : null, defaultCSharp, defaultJson));
        }

        if (typeParameters > 0 && kind == DeclarationKind.Class)
        {
            // Setters generated code reaches through the UnsafeAccessors of a generic class (docs/generator.md).
            for (int i = 0; i < declaration.Members.Count; i++)
            {
                if (!declaration.Members[i].IsField && random.Next(2) == 0)
                {
                    declaration.Members[i] = declaration.Members[i] with { Setter = random.Next(4) switch { 0 => "private set", 1 => "protected set", 2 => "init", _ => "required" } };
                }
            }
        }

        if (typeParameters == 0 && kind is DeclarationKind.Class or DeclarationKind.Struct && declaration.Base is not { IsUnion: false } && declaration.Members.Count > 0)
        {
            int style = random.Next(6);
            if (style < 2)
            {
                BindConstructor(declaration);
            }
            else if (style == 2 && kind == DeclarationKind.Class)
            {
                // [DataContract]: every member a [DataMember] of any accessibility; a public property without it is no member.
                declaration.DataContract = true;
                for (int i = 0; i < declaration.Members.Count; i++)
                {
                    declaration.Members[i] = declaration.Members[i] with { Accessor = random.Next(3) switch { 0 => "private", 1 => "internal", _ => "public" } };
                }

                declaration.NonMembers.Add("public int XNotDataMember { get; set; }");
            }
        }

        _pending--;
        return declaration;
    }

    /// <summary>
    /// Binds some members to a constructor ([PackConstructor], [JsonConstructor], or unmarked and the only public one),
    /// its parameters in another order, named as the member or in camel case, the last ones with constant defaults;
    /// bound members are get-only, init-only, privately set or readonly fields, the others stay settable.
    /// </summary>
    private void BindConstructor(ContractDeclaration declaration)
    {
        declaration.Constructor = random.Next(3) switch { 0 => "PackConstructor", 1 => "System.Text.Json.Serialization.JsonConstructor", _ => "" };
        var bound = new List<int>();
        for (int i = 0; i < declaration.Members.Count; i++)
        {
            if (i == 0 || random.Next(3) != 0)
            {
                bound.Add(i);
            }
        }

        foreach (int i in bound)
        {
            var member = declaration.Members[i];
            string accessor = member.IsField ? "readonly" : random.Next(4) switch { 0 => "get; init;", 1 => "get; private set;", _ => "get;" };
            // Unmarked: only a get-only member makes the constructor the choice over assignment (ContractBuilder).
            accessor = i == bound[0] && declaration.Constructor.Length == 0 && !member.IsField ? "get;" : accessor;
            string parameter = random.Next(2) == 0 ? member.Name : char.ToLowerInvariant(member.Name[0]) + member.Name[1..];
            declaration.Members[i] = member with { Parameter = parameter, Accessor = accessor, DefaultCSharp = null, DefaultJson = null };
        }

        var order = bound.OrderBy(_ => random.Next()).ToList();
        // Optional parameters come last: a suffix of the parameter list gets constant defaults.
        for (int p = order.Count - 1; p >= 0 && random.Next(3) == 0; p--)
        {
            var member = declaration.Members[order[p]];
            var (defaultCSharp, defaultJson) = Default(member.Type, positional: true);
            if (defaultCSharp is null)
            {
                break;
            }

            declaration.Members[order[p]] = member with { DefaultCSharp = defaultCSharp, DefaultJson = defaultJson };
        }

        declaration.ParameterOrder.AddRange(order.Select(i => declaration.Members[i]));
        if (declaration.Kind == DeclarationKind.Struct)
        {
            // A struct's other members have no initializers (a struct with a constructor may, but keep it plain).
            for (int i = 0; i < declaration.Members.Count; i++)
            {
                if (declaration.Members[i].Parameter is null)
                {
                    declaration.Members[i] = declaration.Members[i] with { DefaultCSharp = null, DefaultJson = null };
                }
            }
        }
    }

    /// <summary>A member type of a generic definition that uses a type parameter (not as a key or set element: their equality is a key type's, §5.1).</summary>
    private ContractTypeRef TypeParameterMember(int typeParameters)
    {
        var parameter = new ContractTypeRef.TypeParameter(random.Next(typeParameters));
        bool annotated = random.Next(2) == 0;
        return random.Next(6) switch
        {
            0 => new ContractTypeRef.Sequence(SequenceKind.List, parameter, annotated),
            1 => new ContractTypeRef.Sequence(SequenceKind.Array, parameter, annotated),
            2 => new ContractTypeRef.Map(Primitives.Single(p => p.Name == "string"), parameter, annotated),
            3 => new ContractTypeRef.Tuple([Primitives.Single(p => p.Name == "int"), parameter]),
            _ => parameter,
        };
    }

    private ContractTypeRef MemberType(ContractDeclaration owner, int nesting)
    {
        int roll = random.Next(100);
        bool annotated = random.Next(2) == 0;
        if (roll < 40 || nesting >= 2)
        {
            var primitive = Primitives[random.Next(Primitives.Count)];
            return primitive.Name == "string" ? primitive with { Annotated = annotated } : random.Next(6) == 0 ? new ContractTypeRef.NullableValue(primitive) : primitive;
        }

        if (roll < 65)
        {
            var candidates = _declarations.Where(d => d.Depth < MaxDepth && !d.IsGenericDefinition).ToList();
            if (candidates.Count > 0)
            {
                var target = candidates[random.Next(candidates.Count)];
                owner.Depth = Math.Max(owner.Depth, target.Depth + 1);
                ContractTypeRef named = new ContractTypeRef.Named(target, annotated && !target.IsValueType);
                return target.IsValueType && random.Next(4) == 0 ? new ContractTypeRef.NullableValue(named) : named;
            }
        }

        if (roll < 73)
        {
            return new ContractTypeRef.Map(KeyType(), MemberType(owner, nesting + 1), annotated, ReadOnly: random.Next(4) == 0);
        }

        if (roll < 78)
        {
            // (T1, …) of 1 to 7 items, or of 8 with a Rest of 1 to 3, KeyValuePair<K, V> or a Tuple<…> class; sometimes as a Nullable.
            int shape = random.Next(6);
            var items = Enumerable.Range(0, shape switch { 0 or 1 => 2, 2 => 7, _ => random.Next(1, 8) }).Select(_ => MemberType(owner, nesting + 1)).ToList();
            if (shape == 2)
            {
                items.Add(new ContractTypeRef.Tuple(Enumerable.Range(0, random.Next(1, 4)).Select(_ => MemberType(owner, nesting + 1)).ToList()));
            }

            ContractTypeRef tuple = new ContractTypeRef.Tuple(items, KeyValue: shape == 0, Class: shape == 1, Annotated: shape == 1 && annotated);
            return tuple.IsValueType && random.Next(5) == 0 ? new ContractTypeRef.NullableValue(tuple) : tuple;
        }

        if (roll < 84)
        {
            var element = KeyType();
            if (element is ContractTypeRef.Primitive { Name: "string" } && random.Next(2) == 0)
            {
                element = element with { Annotated = true };
            }

            return new ContractTypeRef.Sequence(SequenceKind.HashSet, element, annotated);
        }

        var kind = random.Next(8) switch
        {
            0 => SequenceKind.IReadOnlyList,
            1 => SequenceKind.ImmutableArray,
            2 => SequenceKind.Memory,
            3 or 4 => SequenceKind.List,
            _ => SequenceKind.Array,
        };
        return new ContractTypeRef.Sequence(kind, MemberType(owner, nesting + 1), annotated && kind is not (SequenceKind.ImmutableArray or SequenceKind.Memory));
    }

    private ContractTypeRef KeyType()
    {
        var enums = _declarations.Where(d => d.Kind == DeclarationKind.Enum).ToList();
        if (enums.Count > 0 && random.Next(5) == 0)
        {
            return new ContractTypeRef.Named(enums[random.Next(enums.Count)]);
        }

        if (random.Next(6) == 0)
        {
            // A tuple or KeyValuePair key: equal component-wise, each component by its own rule (decimal by value,
            // DateTime by ticks, ±0 and NaN of a double), which the decoders must apply inside the key too.
            return new ContractTypeRef.Tuple([KeyPrimitive(), KeyPrimitive()], KeyValue: random.Next(2) == 0);
        }

        return KeyPrimitive();
    }

    private ContractTypeRef KeyPrimitive()
    {
        string name = KeyPrimitives[random.Next(KeyPrimitives.Length)];
        return Primitives.Single(p => p.Name == name);
    }

    /// <summary>A constant default for a member of <paramref name="type"/> (wire-format §11: numeric, bool, char, enum and string constants; an empty collection initializer).</summary>
    private (string? CSharp, JsonNode? Json) Default(ContractTypeRef type, bool positional)
    {
        switch (type)
        {
            case ContractTypeRef.Primitive { Name: "int" }:
                int i = random.Next(-1000, 1000);
                return (i.ToString(CultureInfo.InvariantCulture), JsonValue.Create(i));
            case ContractTypeRef.Primitive { Name: "long" }:
                long l = random.NextInt64(long.MinValue, long.MaxValue);
                return ($"{l}L", JsonValue.Create(l.ToString(CultureInfo.InvariantCulture)));
            case ContractTypeRef.Primitive { Name: "byte" }:
                int b = random.Next(1, 256);
                return (b.ToString(CultureInfo.InvariantCulture), JsonValue.Create(b));
            case ContractTypeRef.Primitive { Name: "bool" }:
                return ("true", JsonValue.Create(true));
            case ContractTypeRef.Primitive { Name: "char" }:
                int c = random.Next(0x21, 0x7f);
                return ($"(char){c}", JsonValue.Create(c));
            case ContractTypeRef.Primitive { Name: "double" }:
                double d = Math.Round(random.NextDouble() * 100, 2);
                return (d.ToString("R", CultureInfo.InvariantCulture) + "d", JsonValue.Create(BitConverter.DoubleToUInt64Bits(d).ToString("x16", CultureInfo.InvariantCulture)));
            case ContractTypeRef.Primitive { Name: "string" }:
                string s = random.Next(3) == 0 ? "" : $"d{random.Next(1000)}é";
                return ($"\"{s}\"", JsonValue.Create(s));
            case ContractTypeRef.Named { Declaration: { Kind: DeclarationKind.Enum } e } when e.EnumValues.Count > 0:
                var (valueName, value) = e.EnumValues[random.Next(e.EnumValues.Count)];
                return ($"{e.CSharpName}.{valueName}", RandomValues.IntegerJson(e.Underlying!.Name, value));
            case ContractTypeRef.NullableValue { Inner: ContractTypeRef.Primitive { Name: "int" or "bool" } zero } when random.Next(3) == 0:
                // A Nullable's zero value is null, so its element's zero is a default like any other (issue 42).
                return zero.Name == "int" ? ("0", JsonValue.Create(0)) : ("false", JsonValue.Create(false));
            case ContractTypeRef.NullableValue nullable:
                // A Nullable's default is its element's constant (wire-format §11).
                return Default(nullable.Inner, positional);
            case ContractTypeRef.Sequence { Kind: SequenceKind.List or SequenceKind.HashSet } when !positional:
                return ("[]", new JsonArray());
            default:
                return (null, null);
        }
    }
}
