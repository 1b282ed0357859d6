namespace Pack.ContractTests.Rejected;

[System.Text.Json.Serialization.JsonDerivedType(typeof(StringDiscriminatorCase), "case")]
public abstract class StringDiscriminator;

public sealed class StringDiscriminatorCase : StringDiscriminator;
