namespace Pack.Generator.Tests.Models;

public readonly struct Pair<TLeft, TRight>
{
    [PackConstructor]
    internal Pair(TLeft left, TRight right)
    {
        Left = left;
        Right = right;
    }

    public TLeft Left { get; }

    public TRight Right { get; }

    public static Pair<TLeft, TRight> Of(TLeft left, TRight right) => new(left, right);
}
