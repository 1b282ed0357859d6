namespace Pack.Client.Tests.Streaming;

/// <summary>An item of a request or response stream. <see cref="Padding"/> makes items as large as a test needs.</summary>
public sealed record Reading(int Id, double Value, string? Padding = null);
