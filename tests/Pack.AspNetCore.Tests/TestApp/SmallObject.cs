namespace Pack.AspNetCore.Tests.TestApp;

public sealed class SmallObject
{
    public int A { get; set; }

    public int B { get; set; }

    public int C { get; set; }

    public string S1 { get; set; } = "";

    public string S2 { get; set; } = "";
}
