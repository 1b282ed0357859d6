using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Peers;

/// <summary>
/// Copies the workload POCOs into their attributed copies (for MemoryPack, MessagePack-CSharp and protobuf-net) and
/// unwraps protobuf-net's wrapper messages. Runs in setup only: the peers serialize a copy built beforehand, as a user of
/// those libraries would serialize their own attributed types.
/// </summary>
public static class ContractMapper
{
    /// <summary>W1.</summary>
    public static PacketHeaderContract ToContract(PacketHeader value) => new() { Size = value.Size, Id = value.Id };

    /// <summary>W2.</summary>
    public static MixedPrimitivesContract ToContract(MixedPrimitives value) => new()
    {
        Byte1 = value.Byte1, Short1 = value.Short1, UShort1 = value.UShort1, Int1 = value.Int1, UInt1 = value.UInt1, Long1 = value.Long1, ULong1 = value.ULong1,
        Byte2 = value.Byte2, Short2 = value.Short2, UShort2 = value.UShort2, Int2 = value.Int2, UInt2 = value.UInt2, Long2 = value.Long2, ULong2 = value.ULong2,
    };

    /// <summary>W3 payload 1.</summary>
    public static CgdPrimitivesContract ToContract(CgdPrimitives value) => new()
    {
        A = value.A, B = value.B, C = value.C, D = value.D, E = value.E, F = value.F, G = value.G, H = value.H, I = value.I, J = value.J,
    };

    /// <summary>W3 payload 2.</summary>
    public static CgdStringsContract ToContract(CgdStrings value) => new()
    {
        S1 = value.S1, S2 = value.S2, S3 = value.S3, S4 = value.S4, S5 = value.S5, S6 = value.S6, S7 = value.S7, S8 = value.S8,
    };

    /// <summary>W3 payload 5, for protobuf-net.</summary>
    public static CgdMapContract ToProto(Dictionary<string, List<int>> value)
    {
        var entries = new Dictionary<string, IntListContract>(value.Count);
        foreach (var (key, list) in value)
        {
            entries.Add(key, new IntListContract { Values = [.. list] });
        }

        return new CgdMapContract { Entries = entries };
    }

    /// <summary>W3 payload 5, back from protobuf-net's message.</summary>
    public static Dictionary<string, List<int>> FromProto(CgdMapContract value)
    {
        var map = new Dictionary<string, List<int>>(value.Entries.Count);
        foreach (var (key, list) in value.Entries)
        {
            map.Add(key, list.Values);
        }

        return map;
    }

    /// <summary>W4.</summary>
    public static MemberContract ToContract(Member value) => new()
    {
        Id = value.Id,
        Name = value.Name,
        Description = value.Description,
        Address = value.Address,
        Value = value.Value,
        UpdateTime = value.UpdateTime,
    };

    /// <summary>W4.</summary>
    public static OrganizationContract ToContract(Organization value)
    {
        List<MemberContract>? members = null;
        if (value.Members is { } source)
        {
            members = new List<MemberContract>(source.Count);
            foreach (var member in source)
            {
                members.Add(ToContract(member));
            }
        }

        return new OrganizationContract { Id = value.Id, Tags = value.Tags is null ? null : [.. value.Tags], Members = members };
    }

    /// <summary>W5.</summary>
    public static Vector3Contract[] ToContract(Vector3[] value)
    {
        var array = new Vector3Contract[value.Length];
        for (var i = 0; i < value.Length; i++)
        {
            array[i] = new Vector3Contract { X = value[i].X, Y = value[i].Y, Z = value[i].Z };
        }

        return array;
    }

    /// <summary>W6.</summary>
    public static SmallObjectContract ToContract(SmallObject value) => new()
    {
        Id = value.Id, Age = value.Age, Score = value.Score, Name = value.Name, Greeting = value.Greeting,
    };
}
