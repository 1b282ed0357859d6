namespace Pack.Generator.Tests.Models;

/// <summary>A class holding a blittable struct and two that are not, each written by its struct formatter inside the object.</summary>
public sealed class LayoutHolder
{
    /// <summary>Blittable: one store.</summary>
    public LayoutSequential Sequential { get; set; }

    /// <summary>Not blittable (explicit offsets): member by member.</summary>
    public LayoutSwapped Swapped { get; set; }

    /// <summary>Not blittable (padding): member by member.</summary>
    public LayoutPadded Padded { get; set; }
}
