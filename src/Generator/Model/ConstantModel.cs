using Microsoft.CodeAnalysis;

namespace Pack.Generator.Model;

/// <summary>A compile-time constant: a constructor parameter's default value, as the run-time path loads it (ObjectEmitter.EmitConstant).</summary>
/// <param name="Type">The built-in type the value is stored as (an enum's underlying type).</param>
/// <param name="Value">The value: a boxed <see cref="bool"/>, integer, <see cref="char"/>, <see cref="float"/>, <see cref="double"/> or a <see cref="string"/>, compared by value.</param>
internal sealed record ConstantModel(SpecialType Type, object Value);
