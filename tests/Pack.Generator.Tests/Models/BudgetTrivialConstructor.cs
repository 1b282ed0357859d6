namespace Pack.Generator.Tests.Models;

/// <summary>
/// An explicit constructor that only stores its argument: no user code for the run-time path (its IL stores and calls
/// object's constructor), user code for the generator (it has a body). Both must charge the budget the same.
/// </summary>
public sealed class BudgetTrivialConstructor
{
    public BudgetTrivialConstructor(long id)
    {
        Id = id;
    }

    public long Id { get; }

    public long A { get; set; }

    public long B { get; set; }

    public string? Name { get; set; }
}
