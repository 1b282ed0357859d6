namespace Pack.Tool;

/// <summary>The command line or an input is wrong: the message says what, and the tool exits with 2.</summary>
internal sealed class UsageException(string message) : Exception(message);
