using Microsoft.Extensions.Logging;

namespace Pack.Benchmarks.Logging;

/// <summary>
/// A logger enabled at Information that formats every message (what a console or file provider does before writing)
/// and keeps only the total length, so the cost measured is producing the lines, not writing them somewhere.
/// </summary>
internal sealed class DiscardingLoggerProvider : ILoggerProvider, ILogger
{
    private long _characters;

    /// <summary>Characters formatted so far, so the work is observable.</summary>
    public long Characters => Interlocked.Read(ref _characters);

    public ILogger CreateLogger(string categoryName) => this;

    public IDisposable? BeginScope<TState>(TState state)
        where TState : notnull => null;

    public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

    public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
    {
        if (IsEnabled(logLevel))
        {
            Interlocked.Add(ref _characters, formatter(state, exception).Length);
        }
    }

    public void Dispose()
    {
    }
}
