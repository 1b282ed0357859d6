namespace Pack.Tests.Models;

/// <summary>Construction shapes that ConstructionUserCodeTests classifies.</summary>
public static class UserCodeShapes
{
    public sealed record Positional(long Id, string? Name, long Value);

    public class ConstantInitializers
    {
        public string Name { get; set; } = "";

        public string Other { get; set; } = string.Empty;

        public int Count { get; set; } = 42;

        public string Required { get; set; } = null!;
    }

    public class TrivialBase
    {
        public long A { get; set; }
    }

    public sealed class DerivedFromTrivial : TrivialBase
    {
        public long B { get; set; }
    }

    public sealed class StoringConstructor
    {
        public StoringConstructor(long id)
        {
            Id = id;
        }

        public long Id { get; }
    }

    public sealed class ListExpression
    {
        public List<int> Items { get; set; } = [];
    }

    public sealed class SetterWithBody
    {
        private int _value;

        public int Value
        {
            get => _value;
            set => _value = Math.Max(0, value);
        }
    }

    public sealed class CallingConstructor
    {
        public CallingConstructor(long id)
        {
            Id = Math.Abs(id);
        }

        public long Id { get; }
    }

    public sealed class DerivedFromAllocating : WithInitializers
    {
        public long C { get; set; }
    }
}
