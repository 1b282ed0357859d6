namespace Pack.Formatters.Collections;

/// <summary>
/// A collection formatter that knows its element type statically, so the top-level entry points can learn whether the
/// elements are copied as raw memory without inspecting the element type by reflection.
/// </summary>
internal interface IBlittableElements
{
    /// <summary>The element size when the elements are blittable (<see cref="PackTypeInfo{T}.IsBlittable"/>), otherwise 0.</summary>
    int BlittableElementSize { get; }
}
