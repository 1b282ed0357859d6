namespace Pack.Samples.Demo;

/// <summary>What one format measured for one endpoint.</summary>
public sealed record EndpointMeasurement(string? MediaType, long Bytes, double MedianMilliseconds, double RequestsPerSecond);
