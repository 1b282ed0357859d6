using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using System.Text.Json.Nodes;
using Pack.Formatters;
using Pack.Formatters.Collections;
using Pack.Formatters.Objects;
using Pack.Formatters.Unions;
using Pack.Schema.Building;
using Pack.Schema.Describing;

namespace Pack.Schema;

/// <summary>
/// The run-time path's adapter for the shared <see cref="SchemaBuilder{TType}"/>: which formatter the run-time path
/// chooses for a type (<see cref="PackFormatterFactory"/>), the members and their order (<see cref="ObjectContract"/>),
/// fixed structs (<see cref="TypeLayout"/>), union cases (<see cref="UnionDeclaration"/>) and what a reader gives absent
/// members (the codec itself, reading an object that has none). Nothing here decides a rule of its own; the generator's
/// RoslynSchemaAdapter answers the same questions from its model at compile time.
/// </summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
internal sealed partial class ContractDescriber : SchemaAdapter<Type>
{
    public static readonly ContractDescriber Instance = new();

    private ContractDescriber()
    {
    }

    /// <summary>Describes <paramref name="type"/> as the run-time path reads and writes it.</summary>
    /// <exception cref="NotSupportedException">Pack does not support the type; the message says why.</exception>
    public override SchemaDescription<Type> Describe(Type type)
    {
        if (type.FullName is { } fullName && !type.IsEnum && SchemaPrimitives.TryGet(fullName, out string primitive, out int width))
        {
            return new SchemaDescription<Type>(SchemaKinds.Primitive, type == typeof(string)) { Primitive = primitive, Width = width };
        }

        object formatter = CreateFormatter(type);
        if (PackFormatterFactory.CollectionKindOf(type) is var collection and not CollectionKind.None)
        {
            return new SchemaDescription<Type>(CollectionTable.SchemaKind(collection), CollectionTable.IsNullable(collection))
            {
                Parts = PackFormatterFactory.CollectionArgumentsOf(type),
            };
        }

        var formatterType = formatter.GetType();
        if (!formatterType.IsGenericType)
        {
            throw new NotSupportedException($"Pack writes {type} with {formatterType}, which the schema does not know.");
        }

        var definition = formatterType.GetGenericTypeDefinition();
        var arguments = formatterType.GetGenericArguments();
        if (definition == typeof(Formatters.Primitives.NullableFormatter<>))
        {
            return new SchemaDescription<Type>(SchemaKinds.Nullable, nullable: true) { Parts = [arguments[0]] };
        }

        if (definition == typeof(Formatters.Primitives.EnumFormatter<>))
        {
            return DescribeEnum(type);
        }

        if (definition == typeof(UnionFormatter<>))
        {
            var cases = UnionDeclaration.GetCases(type);
            return new SchemaDescription<Type>(SchemaKinds.Union, nullable: true)
            {
                Parts = Array.ConvertAll(cases, c => c.Type),
                Tags = Array.ConvertAll(cases, c => (int)c.Tag),
            };
        }

        if (definition == typeof(ObjectFormatter<>) || definition == typeof(BlittableFormatter<>))
        {
            var members = ObjectContract.For(type).Members;
            int fixedLength = type.IsValueType ? TypeLayout.GetFixedLength(type) : -1;
            return new SchemaDescription<Type>(fixedLength >= 0 ? SchemaKinds.FrozenStruct : SchemaKinds.Object, !type.IsValueType)
            {
                Width = Math.Max(fixedLength, 0),
                Parts = Array.ConvertAll(members, m => m.Type),
                MemberNames = Array.ConvertAll(members, m => m.Name),
                MemberAnnotations = Annotations(members),
            };
        }

        throw new NotSupportedException($"Pack writes {type} with {formatterType}, which the schema does not know.");
    }

    /// <inheritdoc/>
    public override string Identity(Type type) => type.AssemblyQualifiedName ?? type.FullName ?? type.Name;

    /// <inheritdoc/>
    public override string NameStem(Type type)
    {
        var chain = new List<Type>();
        for (var current = type; current is not null; current = current.IsNested ? current.DeclaringType : null)
        {
            chain.Add(current);
        }

        chain.Reverse();
        var builder = new System.Text.StringBuilder();
        if (!string.IsNullOrEmpty(chain[0].Namespace))
        {
            builder.Append(chain[0].Namespace).Append('.');
        }

        for (int i = 0; i < chain.Count; i++)
        {
            string name = chain[i].Name;
            int tick = name.IndexOf('`', StringComparison.Ordinal);
            builder.Append(tick >= 0 ? name[..tick] : name);
            if (i < chain.Count - 1)
            {
                builder.Append('.');
            }
        }

        return builder.ToString();
    }

    /// <inheritdoc/>
    public override bool IsValueType(Type type) => type.IsValueType;

    /// <inheritdoc/>
    public override IReadOnlyList<Type> GenericArguments(Type type) => type.IsGenericType ? type.GetGenericArguments() : [];

    /// <summary>
    /// The defaults of the object <paramref name="type"/>'s members: the codec reads a top-level object that says it
    /// has no members (docs/wire-format.md §6.2, §11), and each member's value, in the §14 JSON mapping, is its default
    /// unless it is its type's zero value.
    /// </summary>
    public override bool TryGetDefaults(Type type, IReadOnlyList<SchemaEntry> entries, int index, out string?[] defaults)
    {
        var schemaTypes = PackSchema.ToTypes(entries);
        var members = ObjectContract.For(type).Members;
        object? read = PackSerializer.Deserialize([0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00], type);
        defaults = new string?[members.Length];
        for (int i = 0; i < members.Length; i++)
        {
            object? absent = members[i].Member switch
            {
                PropertyInfo property => property.GetValue(read),
                FieldInfo field => field.GetValue(read),
                _ => null,
            };
            var memberType = members[i].Type;
            int memberIndex = entries[index].Members[i].Type;
            var json = ValueJson(absent, memberType, memberIndex, schemaTypes);
            var zero = ValueJson(memberType.IsValueType ? Activator.CreateInstance(memberType) : null, memberType, memberIndex, schemaTypes);
            defaults[i] = JsonNode.DeepEquals(json, zero) ? null : CanonicalJson.Write(json);
        }

        return true;
    }

    private static SchemaDescription<Type> DescribeEnum(Type type)
    {
        var underlying = Enum.GetUnderlyingType(type);
        var fields = type.GetFields(BindingFlags.Public | BindingFlags.Static);
        var values = new (string Name, string Value)[fields.Length];
        for (int i = 0; i < fields.Length; i++)
        {
            object raw = Convert.ChangeType(fields[i].GetRawConstantValue()!, underlying, CultureInfo.InvariantCulture);
            values[i] = (fields[i].Name, Convert.ToString(raw, CultureInfo.InvariantCulture)!);
        }

        return new SchemaDescription<Type>(SchemaKinds.Enum, nullable: false) { Parts = [underlying], EnumValues = values };
    }

    private static JsonNode? ValueJson(object? value, Type type, int index, PackSchemaType[] entries)
    {
        byte[] bytes = PackSerializer.Serialize(value, type);
        var decoded = SchemaDecoder.Decode(entries, index, bytes, out var error);
        if (error is not null)
        {
            throw new InvalidOperationException($"The schema of {type} does not read the codec's own bytes: {error.Message}", error);
        }

        return decoded.ToJson(entries);
    }

    private static object CreateFormatter(Type type)
    {
        try
        {
            return PackFormatterFactory.CreateRuntimeFormatter(type);
        }
        catch (Exception exception) when (exception is TargetInvocationException or TypeInitializationException && exception.InnerException is NotSupportedException inner)
        {
            throw new NotSupportedException(inner.Message, inner);
        }
    }
}
