namespace Pack.Client.Tests.Streaming;

/// <summary>What an upload endpoint answers once it has read the whole stream.</summary>
public sealed record ReadingSummary(int Count, double Total);
