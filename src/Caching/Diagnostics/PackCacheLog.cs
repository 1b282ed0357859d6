using Microsoft.Extensions.Logging;

namespace Pack.Caching;

/// <summary>The log lines of Pack's cache serializers (category <c>Pack.Caching</c>).</summary>
internal static partial class PackCacheLog
{
    public const string Category = "Pack.Caching";

    [LoggerMessage(1, LogLevel.Warning, "A cached {Type} entry was refused ({Outcome}) and is treated as a miss: {Reason}")]
    public static partial void EntryRefused(ILogger logger, string type, CacheEntryOutcome outcome, string reason);

    [LoggerMessage(2, LogLevel.Warning, "The distributed cache failed on key {Key} ({Operation}) and was bypassed: {Message}")]
    public static partial void StoreFailed(ILogger logger, string key, string operation, string message, Exception exception);
}
