namespace Pack.Generator.Model;

/// <summary>How an instance field adds to the heap size of an object (TypeLayout.InstanceSize).</summary>
internal enum InstanceFieldKind
{
    /// <summary>A reference: one pointer.</summary>
    Reference,

    /// <summary>A struct the context can name: its size.</summary>
    Struct,

    /// <summary>A struct the context cannot name (a private nested type) on a type it can: its size, read once from the field's type at run time.</summary>
    UnnamedStruct,

    /// <summary>A struct on a type the context cannot name: 8 bytes.</summary>
    Unknown,
}
