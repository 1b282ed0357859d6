using System.Diagnostics.CodeAnalysis;

namespace Pack;

/// <summary>Throw helpers, kept out of hot methods so those stay small enough to inline.</summary>
internal static class PackThrowHelper
{
    [DoesNotReturn]
    public static void ThrowTruncated(long offset, int needed, int remaining)
        => throw new PackException($"The payload is truncated: {needed} byte(s) were needed but {remaining} remain", offset);

    [DoesNotReturn]
    public static void ThrowInvalidBoolean(long offset, byte value)
        => throw new PackException($"Invalid boolean byte 0x{value:X2}; expected 0x00 or 0x01", offset);

    [DoesNotReturn]
    public static void ThrowInvalidDecimal(long offset, int flags)
        => throw new PackException($"Invalid decimal flags 0x{flags:X8}; expected a sign bit and a scale of 0-28", offset);

    [DoesNotReturn]
    public static void ThrowInvalidDateTime(long offset, ulong raw)
        => throw new PackException($"Invalid DateTime 0x{raw:X16}: ticks out of range or kind 3", offset);

    [DoesNotReturn]
    public static void ThrowInvalidDateTimeOffset(long offset, long ticks, short minutes)
        => throw new PackException($"Invalid DateTimeOffset: ticks {ticks} with offset {minutes} minute(s) is out of range", offset);

    [DoesNotReturn]
    public static void ThrowOutOfRange(long offset, string what, long value)
        => throw new PackException($"{what} {value} is out of range", offset);

    [DoesNotReturn]
    public static void ThrowInvalidStringHeader(long offset, int utf8Length, int utf16Length)
        => throw new PackException($"Invalid string header: {utf8Length} UTF-8 byte(s) cannot encode {utf16Length} UTF-16 code unit(s)", offset);

    [DoesNotReturn]
    public static void ThrowInvalidUtf8(long offset)
        => throw new PackException("Invalid UTF-8 in a string", offset);

    [DoesNotReturn]
    public static void ThrowUtf16LengthMismatch(long offset, int declared, int actual)
        => throw new PackException(actual < 0
            ? $"The string's UTF-8 bytes decode to more than the {declared} UTF-16 code unit(s) its header declares"
            : $"The string's UTF-8 bytes decode to {actual} UTF-16 code unit(s) but its header declares {declared}", offset);

    [DoesNotReturn]
    public static void ThrowLengthExceedsInput(long offset, string what, long length, int remaining)
        => throw new PackException($"The {what} length {length} exceeds the {remaining} byte(s) that remain", offset);

    [DoesNotReturn]
    public static void ThrowNegativeLength(long offset, string what, int length)
        => throw new PackException($"Invalid {what} length {length}; only -1 (null) may be negative", offset);

    [DoesNotReturn]
    public static void ThrowInvalidObjectHeader(long offset, int length, bool topLevel)
        => throw new PackException(topLevel
            ? $"Invalid object header {length}; a top-level object has -2 (or -1 for null), never a length"
            : $"Invalid object length {length}; expected -1 (null) or a length (-2 is valid only at the top level)", offset);

    [DoesNotReturn]
    public static void ThrowUnexpectedNull(long offset, string typeName)
        => throw new PackException($"A null marker was found where a {typeName} value, which cannot be null, was expected", offset);

    [DoesNotReturn]
    public static void ThrowMemberOverrun(long end, int position)
        => throw new PackException($"A member ran {position - end} byte(s) past the end of its object, which ends at offset {end}", position);

    [DoesNotReturn]
    public static void ThrowReadDepthExceeded(long offset, int maxDepth)
        => throw new PackException($"The payload nests deeper than the maximum depth of {maxDepth}", offset);

    [DoesNotReturn]
    public static void ThrowStackExhausted(long offset, int depth)
        => throw new PackException($"The thread's stack is too small to nest {depth} levels deep; lower PackSerializerOptions.MaxDepth or use a thread with a larger stack", offset);

    [DoesNotReturn]
    public static void ThrowAllocationBudgetExceeded(long offset, long limit, int inputLength, int ratio)
        => throw new PackException($"Reading this payload would allocate more than its budget of {limit} bytes ({ratio} x its {inputLength} bytes + {PackSerializerOptions.AllocationAllowance}); the counts it declares are out of proportion to its length. Raise PackSerializerOptions.MaxAllocationRatio for trusted input", offset);

    [DoesNotReturn]
    public static void ThrowTrailingBytes(long offset, int count)
        => throw new PackException($"{count} unexpected byte(s) follow the value", offset);

    [DoesNotReturn]
    public static void ThrowUnknownUnionTag(long offset, string typeName, ushort tag)
        => throw new PackException($"Unknown union tag {tag} for {typeName}", offset);

    [DoesNotReturn]
    public static void ThrowDuplicateKey(long offset, string typeName)
        => throw new PackException($"Duplicate key in a {typeName}", offset);

    [DoesNotReturn]
    public static void ThrowPayloadTooLarge(long length, int max)
        => throw new PackException($"The payload of {length} byte(s) exceeds MaxPayloadLength ({max})");

    [DoesNotReturn]
    public static void ThrowWriteDepthExceeded(int maxDepth)
        => throw new PackException($"The object graph nests deeper than the maximum depth of {maxDepth}. It most likely contains a reference cycle; otherwise raise PackSerializerOptions.MaxDepth.");

    [DoesNotReturn]
    public static void ThrowInvalidUtf16()
        => throw new PackException("A string to write contains a lone surrogate, which UTF-8 cannot represent.");

    [DoesNotReturn]
    public static void ThrowStringTooLong(int length)
        => throw new PackException($"A string of {length} UTF-16 code units is too long to write.");

    [DoesNotReturn]
    public static void ThrowObjectTooLarge(long length)
        => throw new PackException($"An object of {length} bytes is too large; objects are limited to {int.MaxValue} bytes.");

    [DoesNotReturn]
    public static void ThrowBufferWriterTooSmall(int requested, int returned)
        => throw new InvalidOperationException($"The buffer writer returned {returned} byte(s) when at least {requested} were requested.");

    [DoesNotReturn]
    public static void ThrowFlushCanceled()
        => throw new OperationCanceledException("The flush of the destination pipe was canceled.");

    [DoesNotReturn]
    public static void ThrowCollectionModified(int written, int now)
        => throw new InvalidOperationException($"A collection written with a count of {written} has {(now < 0 ? "become null" : $"{now} element(s) now")}; it was changed while it was being serialized.");

    [DoesNotReturn]
    public static void ThrowUnionTypeNotRegistered(Type unionType, Type actualType)
        => throw new PackException($"{actualType} is not a registered case of the union {unionType}; add [PackUnion(tag, typeof({actualType.Name}))] to {unionType.Name}.");
}
