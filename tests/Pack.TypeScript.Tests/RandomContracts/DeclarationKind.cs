namespace Pack.TypeScript.Tests.RandomContracts;

/// <summary>What a random declaration is in C#.</summary>
public enum DeclarationKind
{
    /// <summary>A class with settable properties and public fields, optionally deriving from another generated class.</summary>
    Class,

    /// <summary>A positional <c>record</c> (class); its parameters may have defaults.</summary>
    Record,

    /// <summary>A struct of public fields and properties: fixed (wire-format §7) when every member is.</summary>
    Struct,

    /// <summary>A positional <c>readonly record struct</c>.</summary>
    RecordStruct,

    /// <summary>An enum of some underlying integer type.</summary>
    Enum,

    /// <summary>An abstract class with <c>[PackUnion]</c> cases (classes deriving from it).</summary>
    Union,

    /// <summary>An interface with <c>[PackUnion]</c> cases (classes and structs implementing it).</summary>
    InterfaceUnion,
}
