using Microsoft.Extensions.Primitives;

namespace Pack.AspNetCore;

/// <summary>
/// Comma-separated header lists (RFC 9110 §5.6.1: <c>Vary</c>, <c>Connection</c>, <c>Content-Encoding</c> …), which may
/// arrive as one value or several. Every place Pack reads or writes such a list goes through here, so a member is
/// compared whole, trimmed and case-insensitively: <c>Accept</c> is not found in <c>Accept-Encoding</c>.
/// </summary>
internal static class HeaderList
{
    private const string Whitespace = " \t";

    /// <summary>Whether any value of <paramref name="values"/> lists <paramref name="token"/> as a member of its own.</summary>
    /// <param name="values">The header's values; each may itself be a comma-separated list.</param>
    /// <param name="token">The member looked for, for example <c>Accept</c>.</param>
    /// <returns><see langword="true"/> when a member equals <paramref name="token"/>, ignoring case and surrounding whitespace.</returns>
    public static bool Contains(StringValues values, string token)
    {
        foreach (var value in values)
        {
            if (value is not null && Contains(value.AsSpan(), token))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>Whether the comma-separated list <paramref name="list"/> has <paramref name="token"/> as a member.</summary>
    /// <param name="list">One header value.</param>
    /// <param name="token">The member looked for.</param>
    /// <returns><see langword="true"/> when a member equals <paramref name="token"/>, ignoring case and surrounding whitespace.</returns>
    public static bool Contains(ReadOnlySpan<char> list, ReadOnlySpan<char> token)
    {
        while (true)
        {
            var comma = list.IndexOf(',');
            var member = (comma < 0 ? list : list[..comma]).Trim(Whitespace);
            if (member.Equals(token, StringComparison.OrdinalIgnoreCase))
            {
                return true;
            }

            if (comma < 0)
            {
                return false;
            }

            list = list[(comma + 1)..];
        }
    }

    /// <summary><paramref name="values"/> with <paramref name="token"/> appended as a value of its own, unless a member already is it.</summary>
    /// <param name="values">The header's values.</param>
    /// <param name="token">The member to add.</param>
    /// <returns>The values to set; <paramref name="values"/> itself when nothing needed adding.</returns>
    public static StringValues Add(StringValues values, string token) =>
        values.Count == 0 ? new StringValues(token)
        : Contains(values, token) ? values
        : StringValues.Concat(values, token);
}
