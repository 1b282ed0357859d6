using System.Collections;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using Pack.Formatters.Collections;
using Pack.Formatters.Contracts;
using Pack.Formatters.Objects;
using Pack.Formatters.Primitives;
using Pack.Formatters.Unions;

namespace Pack.Formatters;

/// <summary>Chooses the formatter for a type. Runs once per type, behind <see cref="PackFormatterCache{T}"/>.</summary>
internal static class PackFormatterFactory
{
    private static readonly Dictionary<Type, object> Primitives = new()
    {
        [typeof(bool)] = BooleanFormatter.Instance, [typeof(byte)] = ByteFormatter.Instance, [typeof(sbyte)] = SByteFormatter.Instance,
        [typeof(short)] = Int16Formatter.Instance, [typeof(ushort)] = UInt16Formatter.Instance, [typeof(char)] = CharFormatter.Instance,
        [typeof(int)] = Int32Formatter.Instance, [typeof(uint)] = UInt32Formatter.Instance,
        [typeof(long)] = Int64Formatter.Instance, [typeof(ulong)] = UInt64Formatter.Instance,
        [typeof(Int128)] = Int128Formatter.Instance, [typeof(UInt128)] = UInt128Formatter.Instance,
        [typeof(Half)] = HalfFormatter.Instance, [typeof(float)] = SingleFormatter.Instance, [typeof(double)] = DoubleFormatter.Instance,
        [typeof(decimal)] = DecimalFormatter.Instance, [typeof(Guid)] = GuidFormatter.Instance,
        [typeof(DateTime)] = DateTimeFormatter.Instance, [typeof(DateTimeOffset)] = DateTimeOffsetFormatter.Instance,
        [typeof(TimeSpan)] = TimeSpanFormatter.Instance, [typeof(DateOnly)] = DateOnlyFormatter.Instance, [typeof(TimeOnly)] = TimeOnlyFormatter.Instance,
        [typeof(string)] = StringFormatter.Instance,
    };

    /// <summary>
    /// Whether formatters may be generated at run time (IL emission, <c>MakeGenericType</c>):
    /// <see cref="System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported"/> and the
    /// <see cref="PackSerializer.IsReflectionEnabledByDefault"/> feature switch, so Native AOT and the trimmer remove the dynamic path.
    /// </summary>
    public static bool IsDynamicCodeSupported => PackSerializer.IsDynamicFallbackEnabled;

    /// <summary>
    /// The formatter of <typeparamref name="T"/>: a registered resolver's first, then a built-in primitive's, then one
    /// generated at run time where <see cref="System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported"/>
    /// (checked here, directly, so trimming and AOT analysis see the guard), else one that fails with the fix in its message.
    /// </summary>
    public static PackFormatter<T> Create<T>()
    {
        if (CreateWithoutDynamicCode<T>() is { } formatter)
        {
            return formatter;
        }

        return System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported && PackSerializer.IsReflectionEnabledByDefault
            ? CreateDynamic<T>()
            : new UnregisteredFormatter<T>();
    }

    /// <summary>As <see cref="Create{T}()"/>, with run-time code generation forbidden when <paramref name="dynamicCode"/> is <see langword="false"/> (tests simulate Native AOT with it).</summary>
    internal static PackFormatter<T> Create<T>(bool dynamicCode)
        => dynamicCode ? Create<T>() : CreateWithoutDynamicCode<T>() ?? new UnregisteredFormatter<T>();

    /// <summary>A registered resolver's formatter, or a built-in primitive's, or <see langword="null"/>.</summary>
    private static PackFormatter<T>? CreateWithoutDynamicCode<T>()
    {
        if (PackFormatterResolvers.Find<T>() is { } registered)
        {
            return registered;
        }

        return Primitives.TryGetValue(typeof(T), out var primitive) ? (PackFormatter<T>)primitive : null;
    }

    /// <summary>The formatter generated at run time (IL emission, <c>MakeGenericType</c>).</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026:RequiresUnreferencedCode", Justification =
        "Only called when PackSerializer.IsReflectionEnabledByDefault is true, a feature switch trimmed apps turn off (which removes this path).")]
    [UnconditionalSuppressMessage("AotAnalysis", "IL3050:RequiresDynamicCode", Justification =
        "Only called when RuntimeFeature.IsDynamicCodeSupported, which is false under Native AOT.")]
    private static PackFormatter<T> CreateDynamic<T>()
    {
        try
        {
            return (PackFormatter<T>)CreateCore(typeof(T));
        }
        catch (Exception exception) when (Unwrap(exception) is NotSupportedException notSupported)
        {
            return new UnsupportedFormatter<T>(notSupported.Message);
        }
    }

    private static Exception Unwrap(Exception exception)
    {
        while (exception is System.Reflection.TargetInvocationException or TypeInitializationException && exception.InnerException is not null)
        {
            exception = exception.InnerException!;
        }

        return exception;
    }

    /// <summary>Whether a type is handled member by member (a class, struct or record rather than a primitive or collection).</summary>
    public static bool IsObjectType(Type type)
        => !type.IsPrimitive && !type.IsEnum && !type.IsArray && !type.IsPointer && !type.IsByRefLike && !type.IsGenericTypeDefinition
           && type != typeof(object) && type != typeof(string) && !Primitives.ContainsKey(type)
           && !typeof(Delegate).IsAssignableFrom(type) && !typeof(IEnumerable).IsAssignableFrom(type)
           && Nullable.GetUnderlyingType(type) is null && CollectionKindOf(type) == CollectionKind.None;

    /// <summary>The row of <see cref="CollectionTable"/> that writes <paramref name="type"/>, or <see cref="CollectionKind.None"/>.</summary>
    public static CollectionKind CollectionKindOf(Type type)
    {
        if (type.IsArray)
        {
            return type.IsSZArray ? CollectionKind.Array : CollectionKind.None;
        }

        return type.IsGenericType && !type.IsGenericTypeDefinition ? CollectionTable.KindOf(type.GetGenericTypeDefinition().FullName) : CollectionKind.None;
    }

    /// <summary>The type arguments of a collection's <see cref="CollectionTable"/> row: an array's element type, else the type's own type arguments.</summary>
    public static Type[] CollectionArgumentsOf(Type type) => type.IsArray ? [type.GetElementType()!] : type.GetGenericArguments();

    /// <summary>The formatter the run-time path uses for <paramref name="type"/>, ignoring registered resolvers: the schema describes its choices (src/Codec/Schema/ContractDescriber.cs).</summary>
    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    internal static object CreateRuntimeFormatter(Type type) => CreateCore(type);

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static object CreateCore(Type type)
    {
        if (Primitives.TryGetValue(type, out var primitive))
        {
            return primitive;
        }

        if (type.IsEnum)
        {
            return Instantiate(typeof(EnumFormatter<>), type);
        }

        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return Instantiate(typeof(NullableFormatter<>), underlying);
        }

        if (CollectionKindOf(type) is var collection and not CollectionKind.None)
        {
            return CreateCollection(collection, type);
        }

        if (type.IsArray)
        {
            throw new NotSupportedException(ContractErrors.MultiDimensionalArray.Message(ContractErrors.AnyValue, type.ToString()));
        }

        if (UnionDeclaration.IsUnion(type))
        {
            return Instantiate(typeof(UnionFormatter<>), type);
        }

        if (type == typeof(object))
        {
            throw new NotSupportedException(ContractErrors.ObjectTyped.Message(ContractErrors.AnyValue));
        }

        // The words are the generator's (PACK005): the shared rulebook says why a type is not a class, struct or record.
        if (ContractBuilder<Type, MemberInfo, ConstructorInfo>.WhyNotObject(ReflectionContractAdapter.Instance, type) is { } reason)
        {
            throw new NotSupportedException(ContractErrors.UnsupportedType.Message(ContractErrors.AnyValue, type.ToString(), reason));
        }

        if (!IsObjectType(type))
        {
            throw new NotSupportedException(ContractErrors.UnsupportedType.Message(ContractErrors.AnyValue, type.ToString(), ContractErrors.NotAnObjectReason));
        }

        _ = ObjectContract.For(type); // Surfaces an unsupported shape here rather than in a type initializer.
        return Instantiate(TypeLayout.IsBlittable(type) ? typeof(BlittableFormatter<>) : typeof(ObjectFormatter<>), type);
    }

    /// <summary>
    /// The formatter of a collection: the <see cref="PackFormatters"/> method its <see cref="CollectionTable"/> row names,
    /// the one generated code calls, so both paths write every collection (and <c>string[]</c>) with the same formatter.
    /// </summary>
    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static object CreateCollection(CollectionKind kind, Type type)
    {
        var arguments = CollectionArgumentsOf(type);
        if (CollectionTable.TakesDeclaredType(kind))
        {
            arguments = [type, .. arguments];
        }

        var factory = typeof(PackFormatters).GetMethod(CollectionTable.FactoryMethod(kind), BindingFlags.Public | BindingFlags.Static)!;
        return factory.MakeGenericMethod(arguments).Invoke(null, null)!;
    }

    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    private static object Instantiate(Type formatter, params Type[] arguments)
        => Activator.CreateInstance(formatter.MakeGenericType(arguments))!;
}
