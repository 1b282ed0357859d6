namespace Pack.ContractTests.Randomized;

/// <summary>
/// A fixed payload read as <typeparamref name="T"/>, kept from a disagreement the randomized check found: read whole and
/// truncated at every byte, under every mode and on the run-time path, with the same outcome required.
/// </summary>
public sealed class PayloadCaseOf<T> : RandomCase
{
    private readonly byte[] _payload;

    public PayloadCaseOf(string name, string hex)
        : base(name)
        => _payload = Convert.FromHexString(hex);

    public override ContractCase AsContractCase() => new ContractCaseOf<T>(Name, () => default);

    /// <remarks>The payload is fixed: the seed and the count do not change it.</remarks>
    public override IReadOnlyList<string> Observe(int seed, int count)
    {
        var lines = new List<string> { "read " + RandomCaseOf<T>.ReadAndWrite(_payload) };
        for (int length = 0; length < _payload.Length; length++)
        {
            lines.Add("cut@" + length.ToString(System.Globalization.CultureInfo.InvariantCulture) + " " + RandomCaseOf<T>.Read(_payload[..length]));
        }

        return lines;
    }
}
