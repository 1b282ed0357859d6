using Pack.Benchmarks.Protos;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Peers;

/// <summary>
/// Copies workload POCOs into the generated protobuf messages. Google.Protobuf serializes only its own generated types,
/// so the benchmarks build the message once in setup and time the wire work alone, as a protobuf user whose DTOs are
/// the generated types would see it.
/// </summary>
public static class ProtobufMessages
{
    /// <summary>W1.</summary>
    public static PacketHeaderMessage From(PacketHeader value) => new() { Size = value.Size, Id = value.Id };

    /// <summary>W2 primitives.</summary>
    public static MixedPrimitivesMessage From(MixedPrimitives value) => new()
    {
        Byte1 = value.Byte1,
        Short1 = value.Short1,
        Ushort1 = value.UShort1,
        Int1 = value.Int1,
        Uint1 = value.UInt1,
        Long1 = value.Long1,
        Ulong1 = value.ULong1,
        Byte2 = value.Byte2,
        Short2 = value.Short2,
        Ushort2 = value.UShort2,
        Int2 = value.Int2,
        Uint2 = value.UInt2,
        Long2 = value.Long2,
        Ulong2 = value.ULong2,
    };

    /// <summary>W2 string.</summary>
    public static TextMessage From(string value) => new() { Value = value };

    /// <summary>W3 payload 1.</summary>
    public static CgdPrimitivesMessage From(CgdPrimitives value) => new()
    {
        A = value.A, B = value.B, C = value.C, D = value.D, E = value.E, F = value.F, G = value.G, H = value.H, I = value.I, J = value.J,
    };

    /// <summary>W3 payload 2.</summary>
    public static CgdStringsMessage From(CgdStrings value) => new()
    {
        S1 = value.S1 ?? string.Empty,
        S2 = value.S2 ?? string.Empty,
        S3 = value.S3 ?? string.Empty,
        S4 = value.S4 ?? string.Empty,
        S5 = value.S5 ?? string.Empty,
        S6 = value.S6 ?? string.Empty,
        S7 = value.S7 ?? string.Empty,
        S8 = value.S8 ?? string.Empty,
    };

    /// <summary>W3 payload 3.</summary>
    public static IntArrayMessage From(int[] value) => new() { Values = { value } };

    /// <summary>W3 payload 4.</summary>
    public static StringArrayMessage From(string[] value) => new() { Values = { value } };

    /// <summary>W3 payload 5.</summary>
    public static CgdMapMessage From(Dictionary<string, List<int>> value)
    {
        var message = new CgdMapMessage();
        foreach (var (key, list) in value)
        {
            message.Entries.Add(key, new IntListMessage { Values = { list } });
        }

        return message;
    }

    /// <summary>W4.</summary>
    public static OrganizationMessage From(Organization value)
    {
        var message = new OrganizationMessage { Id = value.Id };
        if (value.Tags is { } tags)
        {
            message.Tags.Add(tags);
        }

        foreach (var member in value.Members ?? [])
        {
            message.Members.Add(new MemberMessage
            {
                Id = member.Id,
                Name = member.Name ?? string.Empty,
                Description = member.Description ?? string.Empty,
                Address = member.Address ?? string.Empty,
                Value = member.Value,
                UpdateTime = member.UpdateTime,
            });
        }

        return message;
    }

    /// <summary>W5.</summary>
    public static Vector3ArrayMessage From(Vector3[] value)
    {
        var message = new Vector3ArrayMessage();
        foreach (var item in value)
        {
            message.Items.Add(new Vector3Message { X = item.X, Y = item.Y, Z = item.Z });
        }

        return message;
    }

    /// <summary>W6.</summary>
    public static SmallObjectMessage From(SmallObject value) => new()
    {
        Id = value.Id, Age = value.Age, Score = value.Score, Name = value.Name ?? string.Empty, Greeting = value.Greeting ?? string.Empty,
    };
}
