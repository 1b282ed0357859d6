namespace Pack.Samples.Contracts;

/// <summary>What the upload sample answers once it has read every reading.</summary>
public sealed record ReadingSummary(int Count, double Total, double Max);
