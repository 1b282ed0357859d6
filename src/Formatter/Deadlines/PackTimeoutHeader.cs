using System.Globalization;

namespace Pack.AspNetCore;

/// <summary>
/// The <c>Pack-Timeout</c> request header, in the format of gRPC's <c>grpc-timeout</c>: up to 8 ASCII digits and a unit,
/// <c>H</c> (hours), <c>M</c> (minutes), <c>S</c> (seconds), <c>m</c> (milliseconds), <c>u</c> (microseconds) or
/// <c>n</c> (nanoseconds); <c>Pack-Timeout: 1500m</c> asks the server to give up after 1.5 s. The time counts from when the
/// server reads the header. A server that does not use <c>UsePackDeadlines()</c> ignores it.
/// </summary>
public static class PackTimeoutHeader
{
    /// <summary>The request header, <c>Pack-Timeout</c>.</summary>
    public const string Name = "Pack-Timeout";

    /// <summary>The response header, <c>Pack-Timeout-Expired: true</c>, on the 504 a server answers when the deadline expired first.</summary>
    public const string ExpiredName = "Pack-Timeout-Expired";

    /// <summary>The problem type of that 504 and of the in-band error frame that ends a stream at the deadline.</summary>
    public const string ProblemType = "urn:pack:deadline-exceeded";

    private const int MaxDigits = 8;

    /// <summary>Reads a header value such as <c>1500m</c>.</summary>
    /// <param name="value">The header value.</param>
    /// <param name="timeout">The timeout, when the value is well formed.</param>
    /// <returns>Whether the value is well formed: 1 to 8 digits, then one unit letter, nothing else.</returns>
    public static bool TryParse(ReadOnlySpan<char> value, out TimeSpan timeout)
    {
        timeout = default;
        value = value.Trim();
        if (value.Length < 2 || value.Length > MaxDigits + 1)
        {
            return false;
        }

        var digits = value[..^1];
        foreach (var c in digits)
        {
            if (!char.IsAsciiDigit(c))
            {
                return false;
            }
        }

        var amount = long.Parse(digits, NumberStyles.None, CultureInfo.InvariantCulture);
        long? ticks = value[^1] switch
        {
            'H' => amount * TimeSpan.TicksPerHour,
            'M' => amount * TimeSpan.TicksPerMinute,
            'S' => amount * TimeSpan.TicksPerSecond,
            'm' => amount * TimeSpan.TicksPerMillisecond,
            'u' => amount * TimeSpan.TicksPerMicrosecond,
            'n' => amount / TimeSpan.NanosecondsPerTick,
            _ => null,
        };
        if (ticks is not long t)
        {
            return false;
        }

        timeout = TimeSpan.FromTicks(t);
        return true;
    }

    /// <summary>Writes a timeout in the shortest unit that keeps within 8 digits, rounding up so the server never gets less time than asked.</summary>
    /// <param name="timeout">A positive timeout.</param>
    /// <returns>The header value, for example <c>1500m</c>.</returns>
    public static string Format(TimeSpan timeout)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(timeout, TimeSpan.Zero);

        ReadOnlySpan<(long TicksPerUnit, char Unit)> units =
        [
            (TimeSpan.TicksPerMillisecond, 'm'),
            (TimeSpan.TicksPerSecond, 'S'),
            (TimeSpan.TicksPerMinute, 'M'),
            (TimeSpan.TicksPerHour, 'H'),
        ];
        foreach (var (ticksPerUnit, unit) in units)
        {
            var amount = (timeout.Ticks + ticksPerUnit - 1) / ticksPerUnit;
            if (amount < 100_000_000)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{amount}{unit}");
            }
        }

        return "99999999H";
    }
}
