namespace Pack.AspNetCore.Tests.Logging;

/// <summary>What a body log shows of a list of <c>role-0000</c>, <c>role-0001</c>, … strings cut by a log limit.</summary>
public static class TruncatedRoles
{
    /// <summary>
    /// The roles (a 4-byte length and 9 bytes each) that fit whole between the list's count at
    /// <paramref name="listStart"/> and <paramref name="limit"/>, as JSON array items each followed by a comma.
    /// </summary>
    public static string Shown(int listStart, int limit) =>
        string.Concat(Enumerable.Range(0, (limit - listStart - 4) / 13).Select(i => $"\"role-{i:D4}\","));
}
