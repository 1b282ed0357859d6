namespace Pack.ContractTests.Rejected;

public sealed class CustomCollection : System.Collections.Generic.IEnumerable<int>
{
    public int Count { get; set; }

    public System.Collections.Generic.IEnumerator<int> GetEnumerator()
    {
        yield break;
    }

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();
}
