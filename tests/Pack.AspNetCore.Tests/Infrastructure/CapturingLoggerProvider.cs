using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace Pack.AspNetCore.Tests;

/// <summary>Keeps every log entry a host writes, so a test can assert that nothing was logged as an error.</summary>
public sealed class CapturingLoggerProvider : ILoggerProvider
{
    public ConcurrentQueue<(string Category, LogLevel Level, string Message, Exception? Exception)> Entries { get; } = new();

    public IEnumerable<string> Errors => Entries
        .Where(entry => entry.Level >= LogLevel.Error)
        .Select(entry => $"{entry.Level} {entry.Category}: {entry.Message} {entry.Exception}");

    public ILogger CreateLogger(string categoryName) => new Logger(this, categoryName);

    public void Dispose()
    {
    }

    private sealed class Logger(CapturingLoggerProvider provider, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => true;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter) =>
            provider.Entries.Enqueue((category, logLevel, formatter(state, exception), exception));
    }
}
