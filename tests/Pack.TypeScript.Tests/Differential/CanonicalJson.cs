using System.Globalization;
using System.Text.Json;
using System.Text.Json.Nodes;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>
/// Equality of two decoded values' §14 JSON (docs/wire-format.md §14: exact for integers, decimal scale, float bits,
/// DateTime kind and offsets; maps and sets in wire order). One allowance: a float NaN is <c>"NaN"</c> on the
/// TypeScript side, which cannot keep a NaN's sign and payload in a JavaScript number, and equals any NaN bit pattern of
/// 4, 8 or 16 hex digits on the .NET side.
/// </summary>
public static class CanonicalJson
{
    public static bool Equivalent(JsonNode? dotnet, JsonNode? typescript)
    {
        switch (dotnet, typescript)
        {
            case (null, null):
                return true;
            case (JsonObject a, JsonObject b):
                return a.Count == b.Count && a.All(p => b.TryGetPropertyValue(p.Key, out var other) && Equivalent(p.Value, other));
            case (JsonArray a, JsonArray b):
                return a.Count == b.Count && a.Select((x, i) => Equivalent(x, b[i])).All(x => x);
            case (JsonValue a, JsonValue b):
                var ka = a.GetValueKind();
                var kb = b.GetValueKind();
                if (ka == JsonValueKind.String && kb == JsonValueKind.String)
                {
                    string sa = a.GetValue<string>();
                    string sb = b.GetValue<string>();
                    return string.Equals(sa, sb, StringComparison.Ordinal) || (sb == "NaN" && IsNaNBits(sa));
                }

                if (ka == JsonValueKind.Number && kb == JsonValueKind.Number)
                {
                    return decimal.Parse(a.ToJsonString(), NumberStyles.Float, CultureInfo.InvariantCulture)
                        == decimal.Parse(b.ToJsonString(), NumberStyles.Float, CultureInfo.InvariantCulture);
                }

                return ka == kb && ka is JsonValueKind.True or JsonValueKind.False;
            default:
                return false;
        }
    }

    private static bool IsNaNBits(string hex)
    {
        if (!ulong.TryParse(hex, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out ulong bits))
        {
            return false;
        }

        return hex.Length switch
        {
            4 => Half.IsNaN(BitConverter.UInt16BitsToHalf((ushort)bits)),
            8 => float.IsNaN(BitConverter.UInt32BitsToSingle((uint)bits)),
            16 => double.IsNaN(BitConverter.UInt64BitsToDouble(bits)),
            _ => false,
        };
    }
}
