using System.Runtime.Serialization;

namespace Pack.Generator.Tests.Models;

[DataContract]
public sealed class PrivateContract
{
    [DataMember]
    private int _secret;

    [DataMember]
    private string? Hidden { get; set; }

    [DataMember]
    public long Visible { get; set; }

    public int NotIncluded { get; set; }

    public static PrivateContract Create(int secret, string hidden, long visible) => new() { _secret = secret, Hidden = hidden, Visible = visible };

    public (int Secret, string? Hidden) Peek() => (_secret, Hidden);
}
