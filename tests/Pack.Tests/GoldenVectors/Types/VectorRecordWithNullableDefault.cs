namespace Pack.Tests.GoldenVectors.Types;

/// <summary>
/// A record whose Nullable constructor parameters have defaults: an older payload's absent members take them (5, and
/// 0, which is not a Nullable's zero value), or null where the default is null (wire-format §11).
/// </summary>
public sealed record VectorRecordWithNullableDefault(int A, int? B = 5, int? C = 0, int? D = null);
