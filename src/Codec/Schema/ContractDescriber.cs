using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Reflection;
using Pack.Formatters;
using Pack.Formatters.Collections;
using Pack.Formatters.Objects;
using Pack.Formatters.Unions;

namespace Pack.Schema;

/// <summary>
/// The one adapter between the codec's contract decisions and the schema: which formatter the run-time path chooses
/// for a type (<see cref="PackFormatterFactory"/>), the members and their order (<see cref="ObjectContract"/>), fixed
/// structs (<see cref="TypeLayout"/>), union cases (<see cref="UnionDeclaration"/>) and what a reader gives absent
/// members (the codec itself, reading an object that has none). Nothing here decides a rule of its own; when the
/// contract model is shared with the generator, this file is re-pointed at it.
/// </summary>
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
internal static class ContractDescriber
{
    private static readonly Dictionary<Type, (string Name, int Width)> Primitives = new()
    {
        [typeof(bool)] = ("bool", 1), [typeof(byte)] = ("u8", 1), [typeof(sbyte)] = ("i8", 1),
        [typeof(short)] = ("i16", 2), [typeof(ushort)] = ("u16", 2), [typeof(char)] = ("char", 2),
        [typeof(int)] = ("i32", 4), [typeof(uint)] = ("u32", 4), [typeof(long)] = ("i64", 8), [typeof(ulong)] = ("u64", 8),
        [typeof(Int128)] = ("i128", 16), [typeof(UInt128)] = ("u128", 16),
        [typeof(Half)] = ("f16", 2), [typeof(float)] = ("f32", 4), [typeof(double)] = ("f64", 8),
        [typeof(decimal)] = ("decimal", 16), [typeof(Guid)] = ("guid", 16),
        [typeof(DateTime)] = ("datetime", 8), [typeof(DateTimeOffset)] = ("datetimeoffset", 10), [typeof(TimeSpan)] = ("timespan", 8),
        [typeof(DateOnly)] = ("dateonly", 4), [typeof(TimeOnly)] = ("timeonly", 8), [typeof(string)] = ("string", 0),
    };

    private static readonly HashSet<Type> ListFormatters =
    [
        typeof(ArrayFormatter<>), typeof(ArraySegmentFormatter<>), typeof(EnumerableFormatter<,>), typeof(ImmutableArrayFormatter<>),
        typeof(ImmutableListFormatter<,>), typeof(ListFormatter<>),
    ];

    /// <summary>Describes <paramref name="type"/> as the run-time path reads and writes it.</summary>
    /// <exception cref="NotSupportedException">Pack does not support the type; the message says why.</exception>
    public static ContractDescription Describe(Type type)
    {
        if (Primitives.TryGetValue(type, out var primitive))
        {
            return new ContractDescription { Kind = PackSchemaKind.Primitive, Nullable = type == typeof(string), Primitive = primitive.Name, Width = primitive.Width };
        }

        object formatter = CreateFormatter(type);
        var formatterType = formatter.GetType();
        if (formatter is StringArrayFormatter)
        {
            return Sequence(PackSchemaKind.List, typeof(string));
        }

        if (!formatterType.IsGenericType)
        {
            throw new NotSupportedException($"Pack writes {type} with {formatterType}, which the schema does not know.");
        }

        var definition = formatterType.GetGenericTypeDefinition();
        var arguments = formatterType.GetGenericArguments();
        if (definition == typeof(MemoryFormatter<>) || definition == typeof(ReadOnlyMemoryFormatter<>))
        {
            // Never null: a default Memory is written as count 0 and -1 reads as empty (wire-format §5).
            return new ContractDescription { Kind = PackSchemaKind.List, Nullable = false, Parts = [arguments[^1]] };
        }

        if (ListFormatters.Contains(definition))
        {
            return Sequence(PackSchemaKind.List, arguments[^1]);
        }

        if (definition == typeof(HashSetFormatter<,>))
        {
            return Sequence(PackSchemaKind.Set, arguments[^1]);
        }

        if (definition == typeof(DictionaryFormatter<,,>))
        {
            return new ContractDescription { Kind = PackSchemaKind.Map, Nullable = true, Parts = [arguments[1], arguments[2]] };
        }

        if (definition == typeof(Formatters.Primitives.NullableFormatter<>))
        {
            return new ContractDescription { Kind = PackSchemaKind.Nullable, Nullable = true, Parts = [arguments[0]] };
        }

        if (definition == typeof(Formatters.Primitives.EnumFormatter<>))
        {
            return DescribeEnum(type);
        }

        if (definition == typeof(UnionFormatter<>))
        {
            return DescribeUnion(type);
        }

        if (definition == typeof(ObjectFormatter<>) || definition == typeof(BlittableFormatter<>))
        {
            return DescribeObject(type);
        }

        throw new NotSupportedException($"Pack writes {type} with {formatterType}, which the schema does not know.");
    }

    /// <summary>
    /// For each member of the object <paramref name="type"/>, the value a reader gives it when a payload lacks it:
    /// the codec reads a top-level object that says it has no members (docs/wire-format.md §6.2, §11).
    /// </summary>
    public static object?[] AbsentMemberValues(Type type)
    {
        object? read = PackSerializer.Deserialize([0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00], type);
        var members = ObjectContract.For(type).Members;
        var values = new object?[members.Length];
        for (int i = 0; i < members.Length; i++)
        {
            values[i] = members[i].Member switch
            {
                PropertyInfo property => property.GetValue(read),
                FieldInfo field => field.GetValue(read),
                _ => null,
            };
        }

        return values;
    }

    /// <summary>The zero value of <paramref name="type"/>: <see langword="null"/> for a reference, the all-zero struct otherwise.</summary>
    public static object? ZeroValue(Type type) => type.IsValueType ? Activator.CreateInstance(type) : null;

    private static ContractDescription Sequence(PackSchemaKind kind, Type element)
        => new() { Kind = kind, Nullable = true, Parts = [element] };

    private static ContractDescription DescribeEnum(Type type)
    {
        var underlying = Enum.GetUnderlyingType(type);
        var fields = type.GetFields(BindingFlags.Public | BindingFlags.Static);
        var values = new (string Name, string Value)[fields.Length];
        for (int i = 0; i < fields.Length; i++)
        {
            object raw = Convert.ChangeType(fields[i].GetRawConstantValue()!, underlying, CultureInfo.InvariantCulture);
            values[i] = (fields[i].Name, Convert.ToString(raw, CultureInfo.InvariantCulture)!);
        }

        return new ContractDescription { Kind = PackSchemaKind.Enum, Nullable = false, Parts = [underlying], EnumValues = values };
    }

    private static ContractDescription DescribeUnion(Type type)
    {
        var cases = UnionDeclaration.GetCases(type);
        var sorted = cases.OrderBy(c => c.Tag).ToArray();
        return new ContractDescription
        {
            Kind = PackSchemaKind.Union,
            Nullable = true,
            Parts = Array.ConvertAll(sorted, c => c.Type),
            Tags = Array.ConvertAll(sorted, c => (int)c.Tag),
        };
    }

    private static ContractDescription DescribeObject(Type type)
    {
        var members = ObjectContract.For(type).Members;
        int fixedLength = type.IsValueType ? TypeLayout.GetFixedLength(type) : -1;
        return new ContractDescription
        {
            Kind = fixedLength >= 0 ? PackSchemaKind.FrozenStruct : PackSchemaKind.Object,
            Nullable = !type.IsValueType,
            Width = Math.Max(fixedLength, 0),
            Parts = Array.ConvertAll(members, m => m.Type),
            MemberNames = Array.ConvertAll(members, m => m.Name),
        };
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
