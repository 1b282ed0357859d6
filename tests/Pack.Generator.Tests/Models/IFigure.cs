using System.Text.Json.Serialization;

namespace Pack.Generator.Tests.Models;

[JsonDerivedType(typeof(Circle), 1)]
[JsonDerivedType(typeof(Rect), 2)]
public interface IFigure;
