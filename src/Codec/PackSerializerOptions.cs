namespace Pack;

/// <summary>Limits and settings for <see cref="PackSerializer"/>. Instances are immutable.</summary>
/// <remarks>
/// The defaults are safe for untrusted input: nesting is capped, every length read from the wire is checked against
/// the bytes that remain before anything is allocated, the memory a read allocates is bounded by a multiple of the
/// input's length, and sets and dictionaries hash their keys with a per-process random seed. Every limit is validated
/// when it is set, so an out-of-range value fails at configuration time with an <see cref="ArgumentOutOfRangeException"/>.
/// </remarks>
public sealed class PackSerializerOptions
{
    /// <summary>The largest accepted <see cref="MaxDepth"/>. Deeper recursion is also guarded by an execution-stack check.</summary>
    public const int MaxDepthLimit = 1000;

    /// <summary>The memory every read may allocate whatever its length, in bytes (256 KiB), on top of <see cref="MaxAllocationRatio"/> times the input length.</summary>
    public const int AllocationAllowance = 256 * 1024;

    /// <summary>The default options.</summary>
    public static PackSerializerOptions Default { get; } = new();

    /// <summary>
    /// The deepest nesting of objects and collections accepted on read and produced on write, from 1 to
    /// <see cref="MaxDepthLimit"/>. Default 64. Exceeding it on write usually means the object graph has a reference cycle.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is outside 1 to <see cref="MaxDepthLimit"/>.</exception>
    public int MaxDepth
    {
        get;
        init
        {
            ArgumentOutOfRangeException.ThrowIfLessThan(value, 1);
            ArgumentOutOfRangeException.ThrowIfGreaterThan(value, MaxDepthLimit);
            field = value;
        }
    } = 64;

    /// <summary>
    /// The largest payload, in bytes, that the stream-based APIs buffer (<see cref="PackSerializer.DeserializeAsync{T}(Stream, PackSerializerOptions?, CancellationToken)"/>
    /// and each frame of a <see cref="Streaming.PackStream"/>). Default 128 MiB.
    /// </summary>
    /// <exception cref="ArgumentOutOfRangeException">The value is not positive.</exception>
    public int MaxPayloadLength
    {
        get;
        init
        {
            ArgumentOutOfRangeException.ThrowIfLessThan(value, 1);
            field = value;
        }
    } = 128 * 1024 * 1024;

    /// <summary>
    /// How much memory a read may allocate, as a multiple of the input's length (plus <see cref="AllocationAllowance"/>).
    /// Default 16; 0 turns the budget off, for trusted input only.
    /// </summary>
    /// <remarks>
    /// Counts on the wire are only checked against the fewest bytes an element can take on the wire, and an element can
    /// take far more memory than that (a null <c>decimal?</c> is 1 byte on the wire and 20 in an array; an object sent as
    /// an empty body is 4 bytes and its whole instance in memory). The budget is charged with in-memory sizes before
    /// each collection, string and object is allocated, and with what the constructors and setters of types that run
    /// user code allocate (decided once per type), so a read that would exceed it fails with a <see cref="PackException"/>
    /// instead of exhausting memory. The verdict depends on the bytes, the contract and the options only, not on how the
    /// bytes arrive (a span, a segmented sequence, a stream).
    /// </remarks>
    /// <exception cref="ArgumentOutOfRangeException">The value is negative.</exception>
    public int MaxAllocationRatio
    {
        get;
        init
        {
            ArgumentOutOfRangeException.ThrowIfNegative(value);
            field = value;
        }
    } = 16;

    /// <summary>
    /// Whether sets and dictionaries read from the wire hash their keys with a per-process random seed (default
    /// <see langword="true"/>), so that an attacker cannot choose keys that collide and make decoding quadratic.
    /// Set it to <see langword="false"/> for trusted input to get the default comparers back.
    /// </summary>
    /// <remarks>
    /// It applies to keys of the built-in fixed-width types (integers, enums, <see cref="char"/>, <see cref="bool"/>,
    /// floating point, <see cref="decimal"/>, <see cref="Guid"/>, dates and times) and to tuples and key/value pairs of
    /// them; equality is unchanged. Strings already use .NET's randomized hashing. Keys of your own types keep their
    /// own <see cref="object.GetHashCode"/>.
    /// </remarks>
    public bool UseCollisionResistantHashing { get; init; } = true;

    /// <summary>
    /// Resolvers consulted before Pack generates code at run time, typically source-generated <see cref="PackSerializerContext"/>s.
    /// Default empty. Setting it registers each resolver for the whole process (see <see cref="PackSerializer.AddResolver(IPackFormatterResolver)"/>),
    /// because formatters are cached per type for the life of the process; every resolver writes the same bytes, so the
    /// choice does not depend on which options a call passes. Under Native AOT every type read or written must come from one of them.
    /// </summary>
    /// <exception cref="ArgumentNullException">The list, or one of its resolvers, is <see langword="null"/>.</exception>
    public IReadOnlyList<IPackFormatterResolver> Resolvers
    {
        get;
        init
        {
            ArgumentNullException.ThrowIfNull(value);
            var resolvers = new IPackFormatterResolver[value.Count];
            for (int i = 0; i < resolvers.Length; i++)
            {
                resolvers[i] = value[i] ?? throw new ArgumentNullException(nameof(value), $"Resolvers[{i}] is null.");
            }

            foreach (var resolver in resolvers)
            {
                PackFormatterResolvers.Add(resolver);
            }

            field = Array.AsReadOnly(resolvers);
        }
    } = [];

    /// <summary>The allocation limit, in bytes, for an input of <paramref name="inputLength"/> bytes; <see cref="long.MaxValue"/> when the budget is off.</summary>
    internal long AllocationLimitFor(int inputLength)
        => MaxAllocationRatio == 0 ? long.MaxValue : ((long)MaxAllocationRatio * inputLength) + AllocationAllowance;
}
