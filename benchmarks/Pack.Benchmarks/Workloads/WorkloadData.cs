namespace Pack.Benchmarks.Workloads;

/// <summary>
/// Builds the benchmark payloads exactly as WORKLOADS.md specifies them. Every call returns a fresh instance, and
/// anything random comes from <c>new Random(42)</c>, so every process and every run sees the same data.
/// </summary>
public static class WorkloadData
{
    /// <summary>The 8 Unicode strings of W3 payload 2, in the seed's order.</summary>
    public static IReadOnlyList<string> CgdStringValues { get; } =
    [
        "Please Let test this",
        "이것 좀 테스트하게 해주세요.",
        "这件事 试验",
        "これを試ためさせてください",
        "1234567!@#$%%^&}¢‡¥”w¯¥„ÈÉÞ´µ½²ÂÄÂÁ¾¿ÀÁÂ",
        "Please 这件事 試ためさせてください 합시다.",
        "Test What ever",
        "1234",
    ];

    /// <summary>The number of elements in the W5 array.</summary>
    public const int Vector3Count = 10_000;

    /// <summary>The fixed <see cref="Member.UpdateTime"/> of every W4 member.</summary>
    public const long MemberUpdateTime = 1_700_000_000_000;

    /// <summary>W1: <c>Size=48, Id=65534</c>.</summary>
    public static PacketHeader PacketHeader() => new() { Size = 48, Id = 65534 };

    /// <summary>W2: all 14 primitives equal to 1.</summary>
    public static MixedPrimitives MixedPrimitives() => new()
    {
        Byte1 = 1, Short1 = 1, UShort1 = 1, Int1 = 1, UInt1 = 1, Long1 = 1, ULong1 = 1,
        Byte2 = 1, Short2 = 1, UShort2 = 1, Int2 = 1, UInt2 = 1, Long2 = 1, ULong2 = 1,
    };

    /// <summary>W2: the string message, 65 'A's.</summary>
    public static string Text() => new('A', 65);

    /// <summary>W3 payload 1.</summary>
    public static CgdPrimitives CgdPrimitives() => new()
    {
        A = 3, B = 4, C = 4100, D = 32210, E = 123310, F = 121234, G = -1000443, H = 12233094310, I = 1.0f, J = 2.0,
    };

    /// <summary>W3 payload 2.</summary>
    public static CgdStrings CgdStrings() => new()
    {
        S1 = CgdStringValues[0], S2 = CgdStringValues[1], S3 = CgdStringValues[2], S4 = CgdStringValues[3],
        S5 = CgdStringValues[4], S6 = CgdStringValues[5], S7 = CgdStringValues[6], S8 = CgdStringValues[7],
    };

    /// <summary>W3 payload 3.</summary>
    public static int[] CgdIntArray() => [3, 2, 9, 10, 11, 22, 44, 22];

    /// <summary>W3 payload 4.</summary>
    public static string[] CgdStringArray() => [.. CgdStringValues];

    /// <summary>W3 payload 5.</summary>
    public static Dictionary<string, List<int>> CgdMap() => new()
    {
        ["zero"] = [0, 1, 2, 4],
        ["two"] = [3, 1, 22, 4],
        ["tree"] = [4, 1, 12, 4],
        ["fifteen"] = [5, 1, 82, 4],
        ["five"] = [7, 1, 22, 4],
        ["eleven"] = [10, 21, 12, 34],
    };

    /// <summary>W4: an organization with <paramref name="memberCount"/> members drawn from <c>new Random(42)</c>.</summary>
    public static Organization Organization(int memberCount)
    {
        var random = new Random(42);
        var members = new List<Member>(memberCount);
        for (var i = 0; i < memberCount; i++)
        {
            // The calls to the generator run in the seed's order: Description, Address, Value.
            members.Add(new Member
            {
                Id = i,
                Name = $"测试名字{i}",
                Description = $"测试描述{random.Next(1, int.MaxValue)}",
                Address = $"测试地址{random.Next(1, int.MaxValue)}",
                Value = random.Next(1, int.MaxValue),
                UpdateTime = MemberUpdateTime,
            });
        }

        var tags = new string[5];
        for (var i = 0; i < tags.Length; i++)
        {
            tags[i] = $"测试标签{i}";
        }

        return new Organization { Id = 1, Tags = tags, Members = members };
    }

    /// <summary>W5: 10,000 vectors, each <c>{10.3f, 40.5f, 13411.3f}</c>.</summary>
    public static Vector3[] Vector3Array()
    {
        var array = new Vector3[Vector3Count];
        array.AsSpan().Fill(new Vector3 { X = 10.3f, Y = 40.5f, Z = 13411.3f });
        return array;
    }

    /// <summary>W6: <c>{ 1, 2, 3, "hello", "こんにちは世界" }</c>.</summary>
    public static SmallObject SmallObject() => new() { Id = 1, Age = 2, Score = 3, Name = "hello", Greeting = "こんにちは世界" };
}
