namespace Pack.Samples.Contracts;

/// <summary>One sensor reading: the item of the upload (client streaming) and scaling (bidirectional) samples.</summary>
public sealed record Reading(int Sensor, long Timestamp, double Value);
