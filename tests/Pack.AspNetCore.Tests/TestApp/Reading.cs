namespace Pack.AspNetCore.Tests.TestApp;

/// <summary>A body type whose schema a registered context declares (<see cref="Schema.ReadingSchemaContext"/>): only the schema-header test uses it.</summary>
public sealed record Reading(int Sensor, double Value);
