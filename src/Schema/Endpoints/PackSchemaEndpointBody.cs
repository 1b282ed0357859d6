using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>The Pack request or response body of a <see cref="PackSchemaEndpoint"/> (docs/schema.md §5.3).</summary>
public sealed class PackSchemaEndpointBody
{
    /// <summary>Creates a body description.</summary>
    /// <param name="type">The label (<see cref="PackSchema.Label"/>) of the set's schema describing the body, or each item of a stream.</param>
    /// <param name="stream">Whether the body is an <c>application/x-pack-stream</c> of items.</param>
    public PackSchemaEndpointBody(string type, bool stream)
    {
        ArgumentException.ThrowIfNullOrEmpty(type);
        Type = type;
        Stream = stream;
    }

    /// <summary>The label of the set's schema describing the body, or each item when <see cref="Stream"/> is <see langword="true"/>.</summary>
    public string Type { get; }

    /// <summary>Whether the body is an <c>application/x-pack-stream</c> of <see cref="Type"/> items.</summary>
    public bool Stream { get; }

    internal string CanonicalText => SchemaText.Object([("stream", Stream ? "true" : "false"), ("type", SchemaText.Quote(Type))]);
}
