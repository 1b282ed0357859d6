// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see LayoutRules.
namespace Pack.Formatters.Objects;

/// <summary>What a <see cref="LayoutAdapter{TType, TMember}"/> knows of the field that holds a member's value.</summary>
internal enum MemberStorage
{
    /// <summary>A field holds the value (the member itself, or an auto-property's backing field) and its offset can be checked.</summary>
    Field,

    /// <summary>No field holds the value (a computed property): the struct is never blittable.</summary>
    None,

    /// <summary>A field may hold it, but this adapter cannot see or reach it (metadata hides backing fields from the compiler).</summary>
    Hidden,
}
