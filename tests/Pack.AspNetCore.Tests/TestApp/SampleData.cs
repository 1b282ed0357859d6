namespace Pack.AspNetCore.Tests.TestApp;

public static class SampleData
{
    public static Organization Organization(int id, int members = 3) => new()
    {
        Id = id,
        Tags = ["alpha", "beta", "ünïcödé ✓"],
        Members = Enumerable.Range(1, members).Select(Member).ToList(),
    };

    public static Member Member(int id) => new()
    {
        Id = id,
        Name = $"Member {id}",
        Description = id % 2 == 0 ? null : $"Description of member {id}, which is somewhat longer than the name.",
        Address = $"{id} Main Street, Springfield",
        Value = id * 1.5,
        UpdateTime = 638_000_000_000_000_000L + id,
    };

    public static SmallObject Small() => new() { A = 1, B = -2, C = int.MaxValue, S1 = "hello", S2 = "wörld" };
}
