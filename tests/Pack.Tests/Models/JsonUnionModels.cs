using System.Text.Json.Serialization;

namespace Pack.Tests.Models;

/// <summary>A union declared only for System.Text.Json, with integer discriminators: Pack uses them as tags.</summary>
[JsonDerivedType(typeof(JsonIntCircle), 0)]
[JsonDerivedType(typeof(JsonIntSquare), 1)]
public abstract class JsonIntShape
{
}

public sealed class JsonIntCircle : JsonIntShape
{
    public float Radius { get; set; }
}

public sealed class JsonIntSquare : JsonIntShape
{
    public short Side { get; set; }
}

/// <summary>String discriminators: not a Pack union declaration.</summary>
[JsonDerivedType(typeof(JsonNamedCircle), "circle")]
public abstract class JsonNamedShape
{
}

public sealed class JsonNamedCircle : JsonNamedShape
{
    public float Radius { get; set; }
}

/// <summary>A discriminator outside the Pack tag range.</summary>
[JsonDerivedType(typeof(JsonWideCircle), 65535)]
public abstract class JsonWideShape
{
}

public sealed class JsonWideCircle : JsonWideShape
{
    public float Radius { get; set; }
}

/// <summary>[PackUnion] for Pack, string discriminators for JSON, on the same base.</summary>
[PackUnion(0, typeof(DualCircle))]
[PackUnion(1, typeof(DualSquare))]
[JsonDerivedType(typeof(DualCircle), "circle")]
[JsonDerivedType(typeof(DualSquare), "square")]
public abstract class DualShape
{
}

public sealed class DualCircle : DualShape
{
    public float Radius { get; set; }
}

public sealed class DualSquare : DualShape
{
    public short Side { get; set; }
}
