namespace Pack.Generator.Tests.Models;

public sealed record Rect(double Width, double Height) : IFigure;
