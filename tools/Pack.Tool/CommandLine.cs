namespace Pack.Tool;

/// <summary>Positional arguments and <c>--name value</c> options (repeatable); <c>--flag</c> alone for switches.</summary>
internal sealed class CommandLine
{
    private static readonly HashSet<string> Switches = ["--stream", "--json"];

    private readonly Dictionary<string, List<string>> options = new(StringComparer.Ordinal);

    public List<string> Positional { get; } = [];

    public static CommandLine Parse(IReadOnlyList<string> args)
    {
        var line = new CommandLine();
        for (int i = 0; i < args.Count; i++)
        {
            string arg = args[i];
            if (arg.StartsWith("--", StringComparison.Ordinal))
            {
                if (Switches.Contains(arg))
                {
                    line.Add(arg, "true");
                    continue;
                }

                if (i + 1 >= args.Count)
                {
                    throw new UsageException($"{arg} needs a value");
                }

                line.Add(arg, args[++i]);
            }
            else
            {
                line.Positional.Add(arg);
            }
        }

        return line;
    }

    public IReadOnlyList<string> All(string name) => options.TryGetValue(name, out var values) ? values : [];

    public string? One(string name) => options.TryGetValue(name, out var values) ? values[^1] : null;

    public bool Has(string name) => options.ContainsKey(name);

    public void Only(params string[] allowed)
    {
        foreach (string name in options.Keys)
        {
            if (Array.IndexOf(allowed, name) < 0)
            {
                throw new UsageException($"unknown option {name}");
            }
        }
    }

    private void Add(string name, string value)
    {
        if (!options.TryGetValue(name, out var values))
        {
            options[name] = values = [];
        }

        values.Add(value);
    }
}
