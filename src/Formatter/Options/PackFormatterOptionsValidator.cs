using Microsoft.Extensions.Options;

namespace Pack.AspNetCore;

/// <summary>Checks <see cref="PackFormatterOptions"/>' data annotations without reflection (source-generated, Native AOT safe).</summary>
[OptionsValidator]
internal sealed partial class PackFormatterOptionsValidator : IValidateOptions<PackFormatterOptions>;
