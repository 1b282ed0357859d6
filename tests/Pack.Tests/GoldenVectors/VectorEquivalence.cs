using System.Collections;
using System.Reflection;

namespace Pack.Tests.GoldenVectors;

/// <summary>
/// Structural equality for vector values: sequences element by element, vector types and tuples field by field, and
/// exact representations where <see cref="object.Equals(object)"/> is loose (float bits, decimal scale, DateTime kind, offsets).
/// </summary>
public static class VectorEquivalence
{
    /// <summary>Returns a description of the first difference, or <see langword="null"/> when the values are equivalent.</summary>
    public static string? FindDifference(object? expected, object? actual, string path = "value")
    {
        expected = Normalize(expected);
        actual = Normalize(actual);
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : $"{path}: expected {expected ?? "null"}, got {actual ?? "null"}";
        }

        string? difference = expected switch
        {
            string s => string.Equals(s, actual as string, StringComparison.Ordinal) ? null : Mismatch(),
            Half h => actual is Half a && BitConverter.HalfToUInt16Bits(h) == BitConverter.HalfToUInt16Bits(a) ? null : Mismatch(),
            float f => actual is float a && BitConverter.SingleToUInt32Bits(f) == BitConverter.SingleToUInt32Bits(a) ? null : Mismatch(),
            double d => actual is double a && BitConverter.DoubleToUInt64Bits(d) == BitConverter.DoubleToUInt64Bits(a) ? null : Mismatch(),
            decimal m => actual is decimal a && decimal.GetBits(m).AsSpan().SequenceEqual(decimal.GetBits(a)) ? null : Mismatch(),
            DateTime t => actual is DateTime a && t.Ticks == a.Ticks && t.Kind == a.Kind ? null : Mismatch(),
            DateTimeOffset o => actual is DateTimeOffset a && o.Ticks == a.Ticks && o.Offset == a.Offset ? null : Mismatch(),
            IDictionary dictionary => CompareDictionaries(dictionary, actual as IDictionary, path),
            IEnumerable sequence => CompareSequences(sequence, actual as IEnumerable, path),
            _ when IsComposite(expected.GetType()) => CompareFields(expected, actual, path),
            _ => Equals(expected, actual) ? null : Mismatch(),
        };
        return difference;

        string Mismatch() => $"{path}: expected {expected} ({expected.GetType().Name}), got {actual} ({actual.GetType().Name})";
    }

    /// <summary>Memory and ReadOnlyMemory are not enumerable: compare their contents as arrays. Default segments and immutable arrays are null on the wire.</summary>
    private static object? Normalize(object? value)
    {
        if (value is null)
        {
            return null;
        }

        var type = value.GetType();
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(ArraySegment<>))
        {
            return type.GetProperty("Array")!.GetValue(value) is null ? null : value;
        }

        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(System.Collections.Immutable.ImmutableArray<>))
        {
            return (bool)type.GetProperty("IsDefault")!.GetValue(value)! ? null : value;
        }

        if (type.IsGenericType && (type.GetGenericTypeDefinition() == typeof(Memory<>) || type.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>)))
        {
            return type.GetMethod("ToArray")!.Invoke(value, null)!;
        }

        return value;
    }

    private static bool IsComposite(Type type)
        => type.Namespace == typeof(VectorEquivalence).Namespace + ".Types"
           || type == typeof(Streaming.PackStreamError)
           || (type.IsGenericType && type.FullName!.StartsWith("System.ValueTuple`", StringComparison.Ordinal))
           || (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(KeyValuePair<,>));

    private static string? CompareFields(object expected, object actual, string path)
    {
        if (expected.GetType() != actual.GetType())
        {
            return $"{path}: expected a {expected.GetType().Name}, got a {actual.GetType().Name}";
        }

        for (var type = expected.GetType(); type is not null && type != typeof(object) && type != typeof(ValueType); type = type.BaseType)
        {
            foreach (var field in type.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                var difference = FindDifference(field.GetValue(expected), field.GetValue(actual), $"{path}.{field.Name}");
                if (difference is not null)
                {
                    return difference;
                }
            }
        }

        return null;
    }

    private static string? CompareSequences(IEnumerable expected, IEnumerable? actual, string path)
    {
        if (actual is null)
        {
            return $"{path}: expected a sequence, got {actual}";
        }

        var left = expected.Cast<object?>().ToList();
        var right = actual.Cast<object?>().ToList();
        if (left.Count != right.Count)
        {
            return $"{path}: expected {left.Count} element(s), got {right.Count}";
        }

        for (int i = 0; i < left.Count; i++)
        {
            var difference = FindDifference(left[i], right[i], $"{path}[{i}]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }

    private static string? CompareDictionaries(IDictionary expected, IDictionary? actual, string path)
    {
        if (actual is null || actual.Count != expected.Count)
        {
            return $"{path}: expected {expected.Count} entries, got {actual?.Count.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "not a dictionary"}";
        }

        foreach (DictionaryEntry entry in expected)
        {
            if (!actual.Contains(entry.Key))
            {
                return $"{path}: the key {entry.Key} is missing";
            }

            var difference = FindDifference(entry.Value, actual[entry.Key], $"{path}[{entry.Key}]");
            if (difference is not null)
            {
                return difference;
            }
        }

        return null;
    }
}
