namespace Pack.Samples.Contracts;

/// <summary>Deterministic W4 data, so a JSON and a Pack response can be compared value by value.</summary>
public static class SampleData
{
    public const long UpdateTime = 1700000000000;

    public static Organization Organization(int members)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(members);

        // One seeded generator for the whole organization: the same call always yields the same data.
        var rnd = new Random(42);
        var list = new List<Member>(members);
        for (var i = 0; i < members; i++)
        {
            list.Add(new Member
            {
                Id = i,
                Name = $"测试名字{i}",
                Description = $"测试描述{rnd.Next(1, int.MaxValue)}",
                Address = $"测试地址{rnd.Next(1, int.MaxValue)}",
                Value = rnd.Next(1, int.MaxValue),
                UpdateTime = UpdateTime,
            });
        }

        return new Organization
        {
            Id = members,
            Tags = ["测试标签0", "测试标签1", "测试标签2", "测试标签3", "测试标签4"],
            Members = list,
        };
    }

    public static Member Member(int id) => new()
    {
        Id = id,
        Name = $"测试名字{id}",
        Description = $"测试描述{id}",
        Address = $"测试地址{id}",
        Value = id * 1.5,
        UpdateTime = UpdateTime,
    };
}
