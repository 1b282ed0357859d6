namespace Pack.AspNetCore;

/// <summary>The messages clients see when a Pack request body is rejected.</summary>
internal static class PackBodyErrors
{
    public const string EmptyBody = "A non-empty Pack request body is required.";
}
