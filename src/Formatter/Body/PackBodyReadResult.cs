namespace Pack.AspNetCore;

/// <summary>The outcome of reading a Pack request body: a value, an empty body, or why it was rejected.</summary>
internal readonly struct PackBodyReadResult
{
    private PackBodyReadResult(bool isEmpty, object? value, string? error, Exception? exception, bool isTooLarge)
    {
        IsEmpty = isEmpty;
        Value = value;
        Error = error;
        Exception = exception;
        IsTooLarge = isTooLarge;
    }

    public static PackBodyReadResult Empty => new(isEmpty: true, value: null, error: null, exception: null, isTooLarge: false);

    public bool IsEmpty { get; }

    public object? Value { get; }

    /// <summary>What was wrong, for the client; <see langword="null"/> when the body was read.</summary>
    public string? Error { get; }

    public Exception? Exception { get; }

    /// <summary>The body was larger than the Pack limit or the server's limit.</summary>
    public bool IsTooLarge { get; }

    public static PackBodyReadResult Success(object? value) => new(isEmpty: false, value, error: null, exception: null, isTooLarge: false);

    public static PackBodyReadResult Malformed(string error, PackException exception) => new(isEmpty: false, value: null, error, exception, isTooLarge: false);

    public static PackBodyReadResult Unreadable(string error, Exception exception) => new(isEmpty: false, value: null, error, exception, isTooLarge: false);

    public static PackBodyReadResult TooLarge(string error, Exception? exception) => new(isEmpty: false, value: null, error, exception, isTooLarge: true);
}
