namespace Pack.TypeScript.Tests.Differential;

/// <summary>An object (§6) in a valid payload: its header, its body and where each member begins.</summary>
public sealed record WireObjectSpan(int HeaderOffset, bool TopLevel, int BodyStart, int BodyEnd, IReadOnlyList<int> MemberStarts);
