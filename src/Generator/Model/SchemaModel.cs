namespace Pack.Generator.Model;

/// <summary>The schema of one root type of a context (docs/schema.md), computed at compile time by the shared SchemaBuilder.</summary>
/// <param name="TypeName">The root type's fully qualified C# name.</param>
/// <param name="Label">The root's label (docs/schema.md §1.2), as a schema set names it.</param>
/// <param name="WireText">The canonical text of the wire form.</param>
/// <param name="WireFingerprint">The wire fingerprint.</param>
/// <param name="ContractText">The canonical text of the contract form, or <see langword="null"/> when a member's default is not known at compile time.</param>
/// <param name="ContractFingerprint">The contract fingerprint, or <see langword="null"/>.</param>
internal sealed record SchemaModel(string TypeName, string Label, string WireText, string WireFingerprint, string? ContractText, string? ContractFingerprint);
