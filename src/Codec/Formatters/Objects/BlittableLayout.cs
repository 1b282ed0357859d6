// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see LayoutRules.
namespace Pack.Formatters.Objects;

/// <summary>
/// The verdict of <see cref="LayoutRules"/> on whether a type is blittable (its memory image is its wire form): a struct
/// of fixed wire length whose members are all blittable and stored in fields laid out back to back in wire order.
/// </summary>
internal enum BlittableLayout
{
    /// <summary>Not decided from the facts at hand (a class, or a member whose storage field metadata hides): Pack inspects the type at run time.</summary>
    Unknown,

    /// <summary>Never blittable: a variable length, a member that is not blittable (bool, dates, decimal), or a property with no backing field.</summary>
    No,

    /// <summary>
    /// Blittable as far as the adapter's facts go. The run-time path measures size and field offsets, so for it this is
    /// blittable; the generator cannot, so generated code checks them once at run time, without reflection.
    /// </summary>
    Candidate,
}
