using System.Collections.Concurrent;
using Microsoft.Extensions.Logging;

namespace Pack.AspNetCore.Tests.Logging;

/// <summary>Every line a host or a client logs, in order, so a test reads the log as a developer would (linked into the client and Refit tests).</summary>
public sealed class LineLog : ILoggerProvider
{
    private readonly ConcurrentQueue<(LogLevel Level, string Message)> _entries = new();
    private readonly ConcurrentQueue<LineRecord> _records = new();

    /// <summary>Every line with its event and the properties a structured provider reads from its state.</summary>
    public IEnumerable<LineRecord> Records => _records;

    public IEnumerable<string> Lines => _entries.Select(entry => entry.Message);

    public IEnumerable<string> Errors => _entries.Where(entry => entry.Level >= LogLevel.Error).Select(entry => entry.Message);

    /// <summary>The one line starting with <paramref name="prefix"/> (fails when there is none or more than one).</summary>
    public string Single(string prefix) => Assert.Single(Lines, line => line.StartsWith(prefix, StringComparison.Ordinal));

    /// <summary>The first line starting with <paramref name="prefix"/>; response bodies are logged once the response is sent, so it may come later.</summary>
    public async Task<string> WaitForAsync(string prefix)
    {
        for (int attempt = 0; attempt < 200; attempt++)
        {
            if (Lines.FirstOrDefault(line => line.StartsWith(prefix, StringComparison.Ordinal)) is { } line)
            {
                return line;
            }

            await Task.Delay(25);
        }

        throw new Xunit.Sdk.XunitException($"no log line starts with '{prefix}'; the log:\n{string.Join("\n", Lines)}");
    }

    public ILogger CreateLogger(string categoryName) => new Logger(this);

    public void Dispose()
    {
    }

    private sealed class Logger(LineLog log) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel >= LogLevel.Information;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                string message = formatter(state, exception);
                log._entries.Enqueue((logLevel, message));
                var properties = new Dictionary<string, object?>(StringComparer.Ordinal);
                if (state is IEnumerable<KeyValuePair<string, object?>> pairs)
                {
                    foreach (var pair in pairs)
                    {
                        properties[pair.Key] = pair.Value;
                    }
                }

                log._records.Enqueue(new LineRecord(eventId, message, properties));
            }
        }
    }
}

/// <summary>One logged line: its event, its message and its state's properties.</summary>
public sealed record LineRecord(EventId EventId, string Message, IReadOnlyDictionary<string, object?> Properties);
