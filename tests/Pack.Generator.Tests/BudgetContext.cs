using Pack.Generator.Tests.Models;

namespace Pack.Generator.Tests;

/// <summary>Types whose construction the run-time path and the generator classify alike or differently (GeneratedAllocationBudgetTests).</summary>
[PackSerializable(typeof(BudgetTrivialConstructor))]
[PackSerializable(typeof(BudgetAllocatingConstructor))]
[PackSerializable(typeof(BudgetRecord))]
internal partial class BudgetContext : PackSerializerContext;
