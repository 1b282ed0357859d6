namespace Pack.Benchmarks.Codecs;

/// <summary>The benchmark categories; each has its own System.Text.Json baseline.</summary>
public static class Categories
{
    /// <summary>Object to bytes, into a reused buffer.</summary>
    public const string Serialize = "Serialize";

    /// <summary>Bytes to a new object graph.</summary>
    public const string Deserialize = "Deserialize";
}
