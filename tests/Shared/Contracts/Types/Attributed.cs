#pragma warning disable CA1051 // Test DTOs: public fields are the shape under test.

using System.Runtime.Serialization;
using System.Text.Json.Serialization;

namespace Pack.ContractTests.Types;

/// <summary>Every attribute Pack honours on members: order, the three ignores, and a chosen constructor; and a computed property.</summary>
public sealed class Attributed
{
    [PackConstructor]
    public Attributed(int second, string first)
    {
        Second = second;
        First = first;
    }

    public Attributed()
    {
    }

    [PackOrder(2)]
    public int Second { get; set; }

    [PackOrder(1)]
    public string First { get; set; } = string.Empty;

    [PackOrder(3)]
    public long Field;

    [PackIgnore]
    public int Ignored { get; set; }

    [JsonIgnore]
    public int JsonIgnored { get; set; }

    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    [PackOrder(4)]
    public string? JsonKept { get; set; }

    [IgnoreDataMember]
    public int DataIgnored { get; set; }

    /// <summary>Computed, so not a member (wire-format §6.3): it needs no [PackOrder] beside the ordered members.</summary>
    public long Total => Second + Field;
}
