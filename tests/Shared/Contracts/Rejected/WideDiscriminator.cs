namespace Pack.ContractTests.Rejected;

[System.Text.Json.Serialization.JsonDerivedType(typeof(WideDiscriminatorCase), 70000)]
public abstract class WideDiscriminator;

public sealed class WideDiscriminatorCase : WideDiscriminator;
