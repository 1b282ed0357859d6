using System.Runtime.Serialization;

namespace Pack.ContractTests.Types;

/// <summary>A data contract whose base level holds a private [DataMember] field and a private-set property (drift class a).</summary>
[DataContract]
public class EntityBase
{
    [DataMember]
    private int _version;

    [DataMember]
    public string? Label { get; private set; }

    public int Version => _version;

    public void Update(string? label)
    {
        Label = label;
        _version++;
    }
}
