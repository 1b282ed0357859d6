using System.Net.Http.Headers;
using Pack.Client;

namespace Pack.Refit;

/// <summary>
/// The <c>Content-Type</c> of a body <see cref="PackContentSerializer"/> made in Refit's default body mode, carrying the
/// type whose schema the body announces (docs/schema.md §5.2) to <see cref="PackRefitHandler"/>.
/// </summary>
/// <remarks>
/// In its default <see cref="global::Refit.RefitSettings.RequestBodySerialization"/> Refit copies the serializer's content
/// into content of its own and keeps only the <c>Content-Type</c> value, this very instance. The serializer is called
/// with the body's declared type as a type argument, so the type travels with the request without reflection over the
/// interface (also under Native AOT) and whether or not the parameter is marked <c>[Body]</c>. On the wire it is the
/// plain media type: <see cref="MediaTypeHeaderValue.ToString"/> is the base class's.
/// </remarks>
internal sealed class RefitBodyMediaType : MediaTypeHeaderValue
{
    private RefitBodyMediaType(MediaTypeHeaderValue source, Type schemaType)
        : base(source)
    {
        SchemaType = schemaType;
    }

    /// <summary>The type whose wire fingerprint the body announces: a value's type, or a stream's item type.</summary>
    public Type SchemaType { get; }

    /// <summary>Tags <paramref name="content"/>'s <c>Content-Type</c> with the type its body announces, when it announces one.</summary>
    public static HttpContent Tag(HttpContent content)
    {
        if (content is PackContent or PackStreamContent && content.Headers.ContentType is { } mediaType)
        {
            content.Headers.ContentType = new RefitBodyMediaType(mediaType, PackBodyType(content));
        }

        return content;
    }

    /// <summary>
    /// The type a Pack.Client content announces: its value's (<see cref="PackContent"/>, a value declared as
    /// <see cref="object"/> by its run-time type, as <see cref="PackContent"/> writes and announces it), its items'
    /// (<see cref="PackStreamContent"/>).
    /// </summary>
    public static Type PackBodyType(HttpContent content) => content switch
    {
        PackContent value => value.ObjectType == typeof(object) && value.Value is not null ? value.Value.GetType() : value.ObjectType,
        _ => ((PackStreamContent)content).ItemType,
    };

    /// <summary>
    /// The type a body made by <see cref="Tag"/> announces, or <see langword="null"/> for content the serializer did not
    /// make (a body the caller passed as <see cref="HttpContent"/> or <see cref="Stream"/> has no schema of its own).
    /// </summary>
    public static Type? SchemaTypeOf(HttpContent content) => (content.Headers.ContentType as RefitBodyMediaType)?.SchemaType;
}
