using System.ComponentModel.DataAnnotations;

namespace Pack.AspNetCore;

/// <summary>Settings for Pack's ASP.NET Core integration: MVC formatters, minimal-API results and <see cref="PackBody{T}"/>.</summary>
/// <remarks>Validated when the host starts (<c>ValidateOnStart</c>): an invalid value stops start-up with an <see cref="Microsoft.Extensions.Options.OptionsValidationException"/> naming it.</remarks>
public sealed class PackFormatterOptions
{
    /// <summary>The default limit on a Pack request body, 32 MiB.</summary>
    public const long DefaultMaxRequestBodySize = 32L * 1024 * 1024;

    /// <summary>The options passed to <see cref="PackSerializer"/> for request and response bodies. Defaults to <see cref="PackSerializerOptions.Default"/>.</summary>
    [Required]
    public PackSerializerOptions SerializerOptions { get; set; } = PackSerializerOptions.Default;

    /// <summary>
    /// The largest Pack request body, in bytes, that is read. Default 32 MiB. A larger body is rejected with a message
    /// that says so: 413 ProblemDetails, from MVC and from <see cref="PackBody{T}"/> alike.
    /// The server's limit (Kestrel's <c>MaxRequestBodySize</c>, <c>[RequestSizeLimit]</c>) still applies and is reported the same
    /// way, so the smaller of the two wins; <see langword="null"/> leaves only the server's limit.
    /// </summary>
    [Range(1L, long.MaxValue)]
    public long? MaxRequestBodySize { get; set; } = DefaultMaxRequestBodySize;
}
