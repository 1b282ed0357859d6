// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using System.Collections.Generic;

namespace Pack.Formatters.Contracts;

/// <summary>
/// Answers questions about types for <see cref="ContractBuilder{TType, TMember, TConstructor}"/>, which makes every
/// decision from the answers. One adapter reads reflection (System.Type), the other Roslyn symbols (ITypeSymbol); an
/// adapter reports what a type declares, never what Pack does with it.
/// </summary>
/// <typeparam name="TType">A type.</typeparam>
/// <typeparam name="TMember">A property or field.</typeparam>
/// <typeparam name="TConstructor">An instance constructor.</typeparam>
internal abstract class ContractAdapter<TType, TMember, TConstructor>
    where TType : class
    where TMember : class
    where TConstructor : class
{
    /// <summary>The type as messages name it (as <c>System.Type.ToString()</c> does, on both sides).</summary>
    public abstract string Display(TType type);

    /// <summary>The type and its base types up to, not including, <c>object</c> or <c>ValueType</c>, the type itself first.</summary>
    public abstract IReadOnlyList<TType> SelfAndBases(TType type);

    /// <summary>The instance properties the level itself declares that have a getter and no index, in declaration order.</summary>
    public abstract IReadOnlyList<TMember> DeclaredProperties(TType level);

    /// <summary>The instance fields the level itself declares in source or metadata (not compiler-generated backing fields), in declaration order.</summary>
    public abstract IReadOnlyList<TMember> DeclaredFields(TType level);

    public abstract string NameOf(TMember member);

    public abstract TType TypeOf(TMember member);

    /// <summary>Whether a property's getter, or a field, is public.</summary>
    public abstract bool IsPublic(TMember member);

    /// <summary>Whether a value can be stored after construction: a property with a set or init accessor (any accessibility), a field that is not read-only.</summary>
    public abstract bool CanAssign(TMember member);

    public abstract bool HasAttribute(TType type, string fullName);

    public abstract bool HasAttribute(TMember member, string fullName);

    public abstract bool HasAttribute(TConstructor constructor, string fullName);

    /// <summary>The <c>Condition</c> of a <c>[JsonIgnore]</c> (ContractRules.JsonIgnoreAlways when it has none), or <see langword="null"/> without one.</summary>
    public abstract int? JsonIgnoreCondition(TMember member);

    /// <summary>The value of <c>[PackOrder]</c>, or <see langword="null"/>.</summary>
    public abstract int? PackOrder(TMember member);

    public abstract bool IsValueType(TType type);

    /// <summary>The instance constructors reflection sees (not a struct's implicit parameterless one), in declaration order.</summary>
    public abstract IReadOnlyList<TConstructor> Constructors(TType type);

    public abstract bool IsPublic(TConstructor constructor);

    public abstract IReadOnlyList<TType> ParameterTypes(TConstructor constructor);

    public abstract IReadOnlyList<string> ParameterNames(TConstructor constructor);

    /// <summary>Whether two types are one run-time type (tuple element names and nullable annotations are C# only).</summary>
    public abstract bool SameType(TType left, TType right);

    /// <summary>Whether the type is a type parameter or a generic type that is not closed.</summary>
    public abstract bool IsOpen(TType type);

    /// <summary>Whether the type is a pointer, a function pointer or a ref struct.</summary>
    public abstract bool IsPointerOrRefLike(TType type);

    /// <summary>Whether the type is a delegate.</summary>
    public abstract bool IsDelegate(TType type);

    /// <summary>Whether the type is <c>System.Collections.IEnumerable</c> or implements it.</summary>
    public abstract bool IsEnumerable(TType type);

    /// <summary>Whether the type is abstract or an interface.</summary>
    public abstract bool IsAbstract(TType type);
}
