using Pack.Schema;
using Pack.Tests.GoldenVectors;

namespace Pack.TypeScript.Tests.Differential;

/// <summary>The .NET readers the differential checks hold the TypeScript client to: <c>PackSerializer</c> and <c>pack inspect</c>'s <see cref="SchemaDecoder"/>.</summary>
internal static class DotNetReaders
{
    /// <summary>
    /// Reads <paramref name="bytes"/> as a <paramref name="type"/> with <c>PackSerializer.Deserialize</c>; an accepted
    /// value's verdict carries its §14 JSON, and with <paramref name="rewrite"/> the hex of the value written again as its
    /// <see cref="DecodeVerdict.Reason"/> (a value that cannot be written again is a crash).
    /// </summary>
    public static DecodeVerdict Serializer(byte[] bytes, Type type, bool rewrite = false)
    {
        object? value;
        try
        {
            value = PackSerializer.Deserialize(bytes, type);
        }
        catch (PackException e)
        {
            return new DecodeVerdict(DecodeVerdict.Rejected, Offset: e.Offset, Reason: e.Message);
        }
        catch (Exception e)
        {
            return new DecodeVerdict(DecodeVerdict.Crashed, Reason: e.ToString());
        }

        if (!rewrite)
        {
            return new DecodeVerdict(DecodeVerdict.Accepted, VectorJson.ToJson(value, type));
        }

        try
        {
            return new DecodeVerdict(DecodeVerdict.Accepted, VectorJson.ToJson(value, type), Reason: Convert.ToHexStringLower(PackSerializer.Serialize(value, type)));
        }
        catch (Exception e)
        {
            return new DecodeVerdict(DecodeVerdict.Crashed, Reason: "read, but cannot be written again: " + e);
        }
    }

    /// <summary>Reads <paramref name="bytes"/> with <c>pack inspect</c>'s schema-driven decoder: its verdict only (no value).</summary>
    public static DecodeVerdict Schema(byte[] bytes, PackSchema schema)
    {
        try
        {
            _ = SchemaDecoder.Decode(schema.Types, 0, bytes, out var error);
            return error is null
                ? new DecodeVerdict(DecodeVerdict.Accepted)
                : new DecodeVerdict(DecodeVerdict.Rejected, Offset: error.Offset, Reason: error.Message);
        }
        catch (Exception e)
        {
            return new DecodeVerdict(DecodeVerdict.Crashed, Reason: e.ToString());
        }
    }
}
