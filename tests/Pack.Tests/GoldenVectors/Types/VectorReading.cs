namespace Pack.Tests.GoldenVectors.Types;

/// <summary>Get-only properties bound to constructor parameters by name, case-insensitively.</summary>
public sealed class VectorReading
{
    public VectorReading(int sensor, double value)
    {
        Sensor = sensor;
        Value = value;
    }

    public int Sensor { get; }

    public double Value { get; }

    /// <summary>Computed, not bound to a parameter and not settable: not serialized.</summary>
    public double Doubled => Value * 2;
}
