using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace Pack.Caching.Tests;

/// <summary>A logger provider that keeps every line (category, level, message) for assertions.</summary>
internal sealed class LogCollector : ILoggerProvider
{
    public ConcurrentQueue<(string Category, LogLevel Level, string Message)> Lines { get; } = new();

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    public bool Contains(string category, string text) => Lines.Any(l => l.Category == category && l.Message.Contains(text, StringComparison.Ordinal));

    private sealed class Logger(LogCollector owner, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            owner.Lines.Enqueue((category, logLevel, formatter(state, exception)));
    }
}
