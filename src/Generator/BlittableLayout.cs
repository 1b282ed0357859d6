namespace Pack.Generator;

/// <summary>
/// What the generator knows at compile time about whether a struct is blittable (its memory image is its wire form), by
/// the rules of the run-time TypeLayout: a struct of fixed wire length whose members are all blittable and stored in
/// fields laid out back to back in wire order.
/// </summary>
internal enum BlittableLayout
{
    /// <summary>Not decided here (a class, a generic struct, or a member whose storage field metadata hides): Pack inspects the type at run time.</summary>
    Unknown,

    /// <summary>Never blittable: a variable length, a member that is not blittable (bool, dates, decimal), or a property with no backing field.</summary>
    No,

    /// <summary>Blittable if the run-time layout matches: the size and every field's offset, checked by generated code without reflection.</summary>
    Candidate,
}
