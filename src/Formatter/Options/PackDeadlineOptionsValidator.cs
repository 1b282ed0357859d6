using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>
/// Checks <see cref="PackDeadlineOptions"/> when the host starts. Written by hand: the options source generator would
/// need <c>[Range(typeof(TimeSpan), …)]</c>, whose constructor is not trim-safe.
/// </summary>
internal sealed class PackDeadlineOptionsValidator : IValidateOptions<PackDeadlineOptions>
{
    /// <summary>The longest <see cref="PackDeadlineOptions.MaxTimeout"/> accepted.</summary>
    internal static readonly TimeSpan LongestMaxTimeout = TimeSpan.FromDays(1);

    /// <inheritdoc/>
    public ValidateOptionsResult Validate(string? name, PackDeadlineOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        List<string>? failures = null;
        if (options.MaxTimeout < TimeSpan.FromMilliseconds(1) || options.MaxTimeout > LongestMaxTimeout)
        {
            (failures ??= []).Add($"PackDeadlineOptions.MaxTimeout must be between 1 ms and {LongestMaxTimeout}; it is {options.MaxTimeout}.");
        }

        if (options.TimeoutStatusCode is < 400 or > 599)
        {
            (failures ??= []).Add($"PackDeadlineOptions.TimeoutStatusCode must be an error status (400 to 599); it is {options.TimeoutStatusCode}.");
        }

        return failures is null ? ValidateOptionsResult.Success : ValidateOptionsResult.Fail(failures);
    }
}
