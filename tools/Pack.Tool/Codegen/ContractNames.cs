using System.Globalization;

namespace Pack.Tool.Codegen;

/// <summary>Naming facts every language's names start from.</summary>
internal static class ContractNames
{
    /// <summary>The name after the last <c>.</c> outside angle brackets (docs/schema.md §1.2): <c>Order</c>, <c>Page&lt;Shop.Order&gt;</c>.</summary>
    public static string ShortName(string name)
    {
        int depth = 0, cut = 0;
        for (int i = 0; i < name.Length; i++)
        {
            switch (name[i])
            {
                case '<': depth++; break;
                case '>': depth--; break;
                case '.' when depth == 0: cut = i + 1; break;
            }
        }

        return name[cut..];
    }

    /// <summary><paramref name="name"/>, or with the first number from 2 that is not in <paramref name="used"/>; added to it.</summary>
    public static string Numbered(string name, HashSet<string> used)
    {
        string unique = name;
        for (int n = 2; !used.Add(unique); n++)
        {
            unique = name + n.ToString(CultureInfo.InvariantCulture);
        }

        return unique;
    }
}
