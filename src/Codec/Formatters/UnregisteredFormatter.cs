using System.Buffers;

namespace Pack.Formatters;

/// <summary>
/// Stands in, where code cannot be generated at run time (Native AOT), for a type that no registered resolver handles.
/// It looks again on each use, so a resolver registered after the type was first used still takes over; until then every
/// use fails with a <see cref="NotSupportedException"/> that names the type and the fix.
/// </summary>
/// <typeparam name="T">The type.</typeparam>
internal sealed class UnregisteredFormatter<T> : PackFormatter<T>
{
    private PackFormatter<T>? _resolved;

    /// <summary>The message of the error raised while no resolver handles <typeparamref name="T"/>.</summary>
    public static string Message
        => $"Pack has no generated formatter for {typeof(T)}, and this process cannot generate code at run time (Native AOT). "
           + $"Add [PackSerializable(typeof({typeof(T).Name}))] to a PackSerializerContext and pass it in PackSerializerOptions.Resolvers "
           + "(or to PackSerializer.AddResolver).";

    /// <inheritdoc/>
    public override int MinimumLength => Resolve()?.MinimumLength ?? 1;

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T? value)
        => (Resolve() ?? ThrowNotRegistered()).Serialize(ref writer, value);

    /// <inheritdoc/>
    public override T? Deserialize(ref PackReader reader)
        => (Resolve() ?? ThrowNotRegistered()).Deserialize(ref reader);

    private PackFormatter<T>? Resolve()
    {
        var resolved = Volatile.Read(ref _resolved);
        if (resolved is null && PackFormatterResolvers.Find<T>() is { } found)
        {
            Volatile.Write(ref _resolved, found);
            resolved = found;
        }

        return resolved;
    }

    private static PackFormatter<T> ThrowNotRegistered() => throw new NotSupportedException(Message);
}
