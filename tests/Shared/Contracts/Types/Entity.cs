using System.Runtime.Serialization;

namespace Pack.ContractTests.Types;

[DataContract]
public sealed class Entity : EntityBase
{
    [DataMember]
    public int Key { get; set; }

    public string NotAMember { get; set; } = "ignored";
}
