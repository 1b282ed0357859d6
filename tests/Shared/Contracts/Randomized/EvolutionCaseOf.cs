using System.Globalization;

namespace Pack.ContractTests.Randomized;

/// <summary>
/// Random values of an older contract <typeparamref name="TWritten"/> read as <typeparamref name="TRead"/>, which has more
/// members: the members missing from the payload take their defaults (constructor parameter defaults included).
/// </summary>
public sealed class EvolutionCaseOf<TWritten, TRead> : RandomCase
{
    private readonly RandomCaseOf<TWritten> _written;

    public EvolutionCaseOf(string name, Func<ContractRandom, TWritten?> value)
        : base(name)
        => _written = new RandomCaseOf<TWritten>(name, value);

    public override ContractCase AsContractCase() => new ContractCaseOf<TRead>(Name, () => default);

    public override IReadOnlyList<string> Observe(int seed, int count)
    {
        var lines = new List<string>();
        foreach (string line in _written.Observe(seed, count))
        {
            lines.Add(line);
            int write = line.IndexOf(" write ", StringComparison.Ordinal);
            if (write < 0)
            {
                continue;
            }

            // The older payload read as the newer type, then truncated at every byte.
            string prefix = line[..(write + 1)];
            byte[] bytes = Convert.FromHexString(line[(write + " write ".Length)..]);
            lines.Add(prefix + "read-as-newer " + RandomCaseOf<TRead>.ReadAndWrite(bytes));
            foreach (int length in RandomCaseOf<TRead>.TruncationLengths(bytes.Length, new ContractRandom(bytes.Length)))
            {
                lines.Add(prefix + "newer-cut@" + length.ToString(CultureInfo.InvariantCulture) + " " + RandomCaseOf<TRead>.Read(bytes[..length]));
            }
        }

        return lines;
    }
}
