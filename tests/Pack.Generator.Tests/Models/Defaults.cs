namespace Pack.Generator.Tests.Models;

public sealed record Defaults(int A, Level Level = Level.High, string Text = "d\"q", double Ratio = 0.1, char Letter = 'x', int? Maybe = 5, bool On = true);
