namespace Pack.Generator.Tests.Models;

public sealed record Circle(double Radius) : IFigure;
