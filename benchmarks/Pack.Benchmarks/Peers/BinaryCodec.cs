using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Peers;

/// <summary>
/// The hand-written <see cref="BinaryWriter"/>/<see cref="BinaryReader"/> codec of seed 004, extended to every workload:
/// fixed-width little-endian numbers, strings as BinaryWriter writes them (7-bit length prefix, UTF-8), and collections
/// as an <see cref="int"/> count followed by the items. Like the seed, a null string is written as an empty one.
/// </summary>
public static class BinaryCodec
{
    /// <summary>Writes a W1 header.</summary>
    public static void Write(BinaryWriter writer, PacketHeader value)
    {
        writer.Write(value.Size);
        writer.Write(value.Id);
    }

    /// <summary>Reads a W1 header.</summary>
    public static PacketHeader ReadPacketHeader(BinaryReader reader) => new() { Size = reader.ReadUInt16(), Id = reader.ReadUInt16() };

    /// <summary>Writes the W2 primitives.</summary>
    public static void Write(BinaryWriter writer, MixedPrimitives value)
    {
        writer.Write(value.Byte1);
        writer.Write(value.Short1);
        writer.Write(value.UShort1);
        writer.Write(value.Int1);
        writer.Write(value.UInt1);
        writer.Write(value.Long1);
        writer.Write(value.ULong1);
        writer.Write(value.Byte2);
        writer.Write(value.Short2);
        writer.Write(value.UShort2);
        writer.Write(value.Int2);
        writer.Write(value.UInt2);
        writer.Write(value.Long2);
        writer.Write(value.ULong2);
    }

    /// <summary>Reads the W2 primitives.</summary>
    public static MixedPrimitives ReadMixedPrimitives(BinaryReader reader) => new()
    {
        Byte1 = reader.ReadByte(),
        Short1 = reader.ReadInt16(),
        UShort1 = reader.ReadUInt16(),
        Int1 = reader.ReadInt32(),
        UInt1 = reader.ReadUInt32(),
        Long1 = reader.ReadInt64(),
        ULong1 = reader.ReadUInt64(),
        Byte2 = reader.ReadByte(),
        Short2 = reader.ReadInt16(),
        UShort2 = reader.ReadUInt16(),
        Int2 = reader.ReadInt32(),
        UInt2 = reader.ReadUInt32(),
        Long2 = reader.ReadInt64(),
        ULong2 = reader.ReadUInt64(),
    };

    /// <summary>Writes a string message.</summary>
    public static void Write(BinaryWriter writer, string? value) => writer.Write(value ?? string.Empty);

    /// <summary>Reads a string message.</summary>
    public static string ReadString(BinaryReader reader) => reader.ReadString();

    /// <summary>Writes W3 payload 1.</summary>
    public static void Write(BinaryWriter writer, CgdPrimitives value)
    {
        writer.Write(value.A);
        writer.Write(value.B);
        writer.Write(value.C);
        writer.Write(value.D);
        writer.Write(value.E);
        writer.Write(value.F);
        writer.Write(value.G);
        writer.Write(value.H);
        writer.Write(value.I);
        writer.Write(value.J);
    }

    /// <summary>Reads W3 payload 1.</summary>
    public static CgdPrimitives ReadCgdPrimitives(BinaryReader reader) => new()
    {
        A = reader.ReadSByte(),
        B = reader.ReadByte(),
        C = reader.ReadInt16(),
        D = reader.ReadUInt16(),
        E = reader.ReadInt32(),
        F = reader.ReadUInt32(),
        G = reader.ReadInt64(),
        H = reader.ReadUInt64(),
        I = reader.ReadSingle(),
        J = reader.ReadDouble(),
    };

    /// <summary>Writes W3 payload 2.</summary>
    public static void Write(BinaryWriter writer, CgdStrings value)
    {
        writer.Write(value.S1 ?? string.Empty);
        writer.Write(value.S2 ?? string.Empty);
        writer.Write(value.S3 ?? string.Empty);
        writer.Write(value.S4 ?? string.Empty);
        writer.Write(value.S5 ?? string.Empty);
        writer.Write(value.S6 ?? string.Empty);
        writer.Write(value.S7 ?? string.Empty);
        writer.Write(value.S8 ?? string.Empty);
    }

    /// <summary>Reads W3 payload 2.</summary>
    public static CgdStrings ReadCgdStrings(BinaryReader reader) => new()
    {
        S1 = reader.ReadString(),
        S2 = reader.ReadString(),
        S3 = reader.ReadString(),
        S4 = reader.ReadString(),
        S5 = reader.ReadString(),
        S6 = reader.ReadString(),
        S7 = reader.ReadString(),
        S8 = reader.ReadString(),
    };

    /// <summary>Writes an <see cref="int"/> array (W3 payload 3).</summary>
    public static void Write(BinaryWriter writer, int[] value)
    {
        writer.Write(value.Length);
        foreach (var item in value)
        {
            writer.Write(item);
        }
    }

    /// <summary>Reads an <see cref="int"/> array.</summary>
    public static int[] ReadInt32Array(BinaryReader reader)
    {
        var values = new int[reader.ReadInt32()];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = reader.ReadInt32();
        }

        return values;
    }

    /// <summary>Writes a <see cref="string"/> array (W3 payload 4).</summary>
    public static void Write(BinaryWriter writer, string[] value)
    {
        writer.Write(value.Length);
        foreach (var item in value)
        {
            writer.Write(item ?? string.Empty);
        }
    }

    /// <summary>Reads a <see cref="string"/> array.</summary>
    public static string[] ReadStringArray(BinaryReader reader)
    {
        var values = new string[reader.ReadInt32()];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = reader.ReadString();
        }

        return values;
    }

    /// <summary>Writes W3 payload 5.</summary>
    public static void Write(BinaryWriter writer, Dictionary<string, List<int>> value)
    {
        writer.Write(value.Count);
        foreach (var (key, list) in value)
        {
            writer.Write(key);
            writer.Write(list.Count);
            foreach (var item in list)
            {
                writer.Write(item);
            }
        }
    }

    /// <summary>Reads W3 payload 5.</summary>
    public static Dictionary<string, List<int>> ReadCgdMap(BinaryReader reader)
    {
        var count = reader.ReadInt32();
        var map = new Dictionary<string, List<int>>(count);
        for (var i = 0; i < count; i++)
        {
            var key = reader.ReadString();
            var length = reader.ReadInt32();
            var list = new List<int>(length);
            for (var j = 0; j < length; j++)
            {
                list.Add(reader.ReadInt32());
            }

            map.Add(key, list);
        }

        return map;
    }

    /// <summary>Writes a W4 organization, as seed 004's <c>BinarySerializeHelper</c> does.</summary>
    public static void Write(BinaryWriter writer, Organization value)
    {
        writer.Write(value.Id);
        var tags = value.Tags;
        writer.Write(tags?.Length ?? 0);
        if (tags is not null)
        {
            foreach (var tag in tags)
            {
                writer.Write(tag ?? string.Empty);
            }
        }

        var members = value.Members;
        writer.Write(members?.Count ?? 0);
        if (members is not null)
        {
            foreach (var member in members)
            {
                writer.Write(member.Id);
                writer.Write(member.Name ?? string.Empty);
                writer.Write(member.Description ?? string.Empty);
                writer.Write(member.Address ?? string.Empty);
                writer.Write(member.Value);
                writer.Write(member.UpdateTime);
            }
        }
    }

    /// <summary>Reads a W4 organization.</summary>
    public static Organization ReadOrganization(BinaryReader reader)
    {
        var organization = new Organization { Id = reader.ReadInt32() };
        var tagCount = reader.ReadInt32();
        if (tagCount > 0)
        {
            var tags = new string[tagCount];
            for (var i = 0; i < tags.Length; i++)
            {
                tags[i] = reader.ReadString();
            }

            organization.Tags = tags;
        }

        var memberCount = reader.ReadInt32();
        if (memberCount > 0)
        {
            var members = new List<Member>(memberCount);
            for (var i = 0; i < memberCount; i++)
            {
                members.Add(new Member
                {
                    Id = reader.ReadInt32(),
                    Name = reader.ReadString(),
                    Description = reader.ReadString(),
                    Address = reader.ReadString(),
                    Value = reader.ReadDouble(),
                    UpdateTime = reader.ReadInt64(),
                });
            }

            organization.Members = members;
        }

        return organization;
    }

    /// <summary>Writes a W5 array, one float at a time as a BinaryWriter user would.</summary>
    public static void Write(BinaryWriter writer, Vector3[] value)
    {
        writer.Write(value.Length);
        foreach (var item in value)
        {
            writer.Write(item.X);
            writer.Write(item.Y);
            writer.Write(item.Z);
        }
    }

    /// <summary>Reads a W5 array.</summary>
    public static Vector3[] ReadVector3Array(BinaryReader reader)
    {
        var values = new Vector3[reader.ReadInt32()];
        for (var i = 0; i < values.Length; i++)
        {
            values[i] = new Vector3 { X = reader.ReadSingle(), Y = reader.ReadSingle(), Z = reader.ReadSingle() };
        }

        return values;
    }

    /// <summary>Writes a W6 object.</summary>
    public static void Write(BinaryWriter writer, SmallObject value)
    {
        writer.Write(value.Id);
        writer.Write(value.Age);
        writer.Write(value.Score);
        writer.Write(value.Name ?? string.Empty);
        writer.Write(value.Greeting ?? string.Empty);
    }

    /// <summary>Reads a W6 object.</summary>
    public static SmallObject ReadSmallObject(BinaryReader reader) => new()
    {
        Id = reader.ReadInt32(),
        Age = reader.ReadInt32(),
        Score = reader.ReadInt32(),
        Name = reader.ReadString(),
        Greeting = reader.ReadString(),
    };
}
