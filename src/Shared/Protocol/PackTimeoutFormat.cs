using System.Globalization;

namespace Pack;

/// <summary>
/// The <c>Pack-Timeout</c> deadline header, read and written by the server (<c>UsePackDeadlines()</c>) and the client
/// (<c>PackDeadlineHandler</c>) alike. The value has the format of gRPC's <c>grpc-timeout</c>: 1 to 8 ASCII digits and one
/// unit letter, <c>H</c> (hours), <c>M</c> (minutes), <c>S</c> (seconds), <c>m</c> (milliseconds), <c>u</c> (microseconds)
/// or <c>n</c> (nanoseconds), with optional surrounding whitespace and nothing else; <c>1500m</c> is 1.5 s. A positive value
/// never reads as zero: nanoseconds round up to whole 100 ns ticks, so <c>1n</c> is one tick. Zero (<c>0S</c>, <c>0m</c>…)
/// is well formed and means the time has already run out.
/// </summary>
internal static class PackTimeoutFormat
{
    /// <summary>The request header, <c>Pack-Timeout</c>.</summary>
    public const string HeaderName = "Pack-Timeout";

    /// <summary>The response header, <c>Pack-Timeout-Expired: true</c>, on the answer a server gives when the deadline expired first.</summary>
    public const string ExpiredHeaderName = "Pack-Timeout-Expired";

    /// <summary>The problem type of that answer and of the in-band error frame that ends a stream at the deadline.</summary>
    public const string ProblemType = "urn:pack:deadline-exceeded";

    /// <summary>The most digits a value has.</summary>
    public const int MaxDigits = 8;

    /// <summary>Reads a header value such as <c>1500m</c>.</summary>
    /// <param name="value">The header value.</param>
    /// <param name="timeout">The timeout, when the value is well formed: zero for a zero amount, else at least one tick.</param>
    /// <returns>Whether the value is well formed: 1 to 8 digits, then one unit letter, nothing else but surrounding whitespace.</returns>
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

        // At most 99,999,999 of any unit: 99,999,999 H is 3.6e18 ticks, within TimeSpan's range.
        var amount = long.Parse(digits, NumberStyles.None, CultureInfo.InvariantCulture);
        long ticks;
        switch (value[^1])
        {
            case 'H': ticks = amount * TimeSpan.TicksPerHour; break;
            case 'M': ticks = amount * TimeSpan.TicksPerMinute; break;
            case 'S': ticks = amount * TimeSpan.TicksPerSecond; break;
            case 'm': ticks = amount * TimeSpan.TicksPerMillisecond; break;
            case 'u': ticks = amount * TimeSpan.TicksPerMicrosecond; break;
            case 'n': ticks = (amount + TimeSpan.NanosecondsPerTick - 1) / TimeSpan.NanosecondsPerTick; break; // rounded up
            default: return false;
        }

        timeout = TimeSpan.FromTicks(ticks);
        return true;
    }

    /// <summary>Writes a timeout in the shortest unit that keeps within 8 digits, rounding up so the server never gets less time than asked.</summary>
    /// <param name="timeout">A positive timeout.</param>
    /// <returns>The header value, for example <c>1500m</c>; never zero, and at least <c>1m</c>.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="timeout"/> is zero or negative.</exception>
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
