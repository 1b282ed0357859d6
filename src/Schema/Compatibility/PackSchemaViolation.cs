namespace Pack.Schema;

/// <summary>One reason why a reader's schema cannot read a writer's payloads (docs/schema.md §3).</summary>
/// <param name="RuleId">The stable rule ID, one of <see cref="PackSchemaRules"/>.</param>
/// <param name="Path">Where: <c>$</c> is the root, <c>.Name</c> a member, <c>[]</c> an element, <c>{key}</c>/<c>{value}</c> a map's parts, <c>(tag)</c> a union case.</param>
/// <param name="Message">What differs, for people.</param>
public sealed record PackSchemaViolation(string RuleId, string Path, string Message)
{
    /// <inheritdoc/>
    public override string ToString() => $"{RuleId} at {Path}: {Message}";
}
