namespace Pack.Samples.Demo.Rolling;

/// <summary>What one call of the rolling-upgrade client saw.</summary>
/// <param name="Call">The kind of call.</param>
/// <param name="At">When it finished, from the start of the run.</param>
/// <param name="Step">The deployment step the proxy named in its answer (<c>X-Deployment-Step</c>), or null when no answer named one.</param>
/// <param name="Replica">The replica that answered (its <c>X-Replica</c> header), or null when no answer came.</param>
/// <param name="Version">The contract version of that replica (<c>X-Contract-Version</c>), or 0.</param>
/// <param name="Result">How the call ended.</param>
/// <param name="Detail">
/// Why it was refused (who refused it and the violations, one per line: rule ID, member path, message), misread or
/// failed; null when it succeeded.
/// </param>
internal sealed record RollingOutcome(RollingCall Call, TimeSpan At, string? Step, string? Replica, int Version, RollingResult Result, string? Detail);
