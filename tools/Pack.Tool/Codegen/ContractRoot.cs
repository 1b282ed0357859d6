namespace Pack.Tool.Codegen;

/// <summary>A root of the set: a payload type, with its schema's label (what an endpoint names), fingerprints and canonical text.</summary>
internal sealed record ContractRoot(string Label, ContractType Type, string Wire, string Contract, string CanonicalText);
