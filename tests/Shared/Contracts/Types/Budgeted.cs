#pragma warning disable CS0649 // Only its size matters here.

namespace Pack.ContractTests.Types;

/// <summary>A class with a field whose struct type a context cannot name: the instance charged to the budget must count its real size.</summary>
public sealed class Budgeted
{
    private Hidden _hidden;

    public int Id { get; set; }

    public long Peek() => _hidden.A + _hidden.H;

    public void Fill(long value) => _hidden = new Hidden { A = value, H = value };

    private struct Hidden
    {
        public long A;
        public long B;
        public long C;
        public long D;
        public long E;
        public long F;
        public long G;
        public long H;
    }
}
