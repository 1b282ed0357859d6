namespace Pack.Samples.Demo.Rolling;

/// <summary>What one call of the rolling-upgrade client saw.</summary>
/// <param name="Call">The kind of call.</param>
/// <param name="At">When it finished, from the start of the run.</param>
/// <param name="Replica">The replica that answered (its <c>X-Replica</c> header), or null when no answer came.</param>
/// <param name="Version">The contract version of that replica (<c>X-Contract-Version</c>), or 0.</param>
/// <param name="Error">Why the call failed (transport, status, format, or a value that did not match), or null.</param>
internal sealed record RollingOutcome(RollingCall Call, TimeSpan At, string? Replica, int Version, string? Error);
