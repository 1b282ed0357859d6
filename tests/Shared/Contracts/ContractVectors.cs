using System.Globalization;
using System.Text;

namespace Pack.ContractTests;

/// <summary>
/// What every mode must observe for each case (ContractVectors.txt, one line per case): the bytes, the
/// <see cref="PackException.Offset"/> of a read truncated at every length (or "ok" where the prefix reads), and the
/// allocation charged to the budget by a full read.
/// </summary>
public sealed record ContractVectors(string Hex, string Offsets, long Charged)
{
    public const string FileName = "ContractVectors.txt";

    private static readonly Lazy<Dictionary<string, ContractVectors>> Recorded = new(Load);

    public static ContractVectors For(string name)
        => Recorded.Value.TryGetValue(name, out var vectors) ? vectors : throw new KeyNotFoundException($"No vectors recorded for '{name}' in {FileName}.");

    /// <summary>What this process observes for a case.</summary>
    public static ContractVectors Observe(ContractCase contractCase)
    {
        byte[] bytes = contractCase.Write();
        var (_, charged) = contractCase.ReadAndWrite(bytes);
        return new ContractVectors(Convert.ToHexStringLower(bytes), TruncationOffsets(contractCase, bytes), charged);
    }

    public static string TruncationOffsets(ContractCase contractCase, byte[] bytes)
    {
        var offsets = new StringBuilder();
        for (int length = 0; length < bytes.Length; length++)
        {
            if (length > 0)
            {
                offsets.Append(',');
            }

            try
            {
                contractCase.Read(bytes[..length]);
                offsets.Append("ok");
            }
            catch (PackException exception)
            {
                offsets.Append(exception.Offset.ToString(CultureInfo.InvariantCulture));
            }
        }

        return offsets.ToString();
    }

    /// <summary>The file's text for the given cases, as <see cref="Load"/> reads it.</summary>
    public static string Format(IEnumerable<ContractCase> cases)
    {
        var text = new StringBuilder();
        text.AppendLine("# name hex truncation-offsets charged; written from the run-time path, checked under every mode (see ContractSuite).");
        foreach (var contractCase in cases)
        {
            var observed = Observe(contractCase);
            text.Append(contractCase.Name).Append(' ').Append(observed.Hex).Append(' ').Append(observed.Offsets.Length == 0 ? "-" : observed.Offsets)
                .Append(' ').Append(observed.Charged.ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        return text.ToString();
    }

    private static Dictionary<string, ContractVectors> Load()
    {
        var vectors = new Dictionary<string, ContractVectors>(StringComparer.Ordinal);
        foreach (string line in File.ReadAllLines(Path.Combine(AppContext.BaseDirectory, "Contracts", FileName)))
        {
            if (line.Length == 0 || line[0] == '#')
            {
                continue;
            }

            string[] parts = line.Split(' ');
            vectors.Add(parts[0], new ContractVectors(parts[1], parts[2] == "-" ? string.Empty : parts[2], long.Parse(parts[3], CultureInfo.InvariantCulture)));
        }

        return vectors;
    }
}
