namespace Pack.ContractTests.Types;

/// <summary>A positional record base: the derived record passes its parameter on and adds its own.</summary>
public abstract record Located(int Line, int Column = 1);
