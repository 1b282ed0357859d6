using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;

namespace Pack.Formatters.Hashing;

/// <summary>
/// Tuple keys of any arity and kind (<see cref="ValueTuple"/> of 1 to 7 items and the 8-item form with its nested
/// <c>Rest</c>, <see cref="Tuple"/> of every arity with its <c>Rest</c>), compared and hashed item by item with each
/// item's own collision-resistant comparer. Built by composition: an item that is itself a tuple (a <c>Rest</c>, or a
/// nested tuple) gets the comparer this factory builds for its type, so every depth is covered without a case per arity.
/// </summary>
/// <typeparam name="T">The tuple type.</typeparam>
/// <param name="equals">Item-by-item equality (null tuples equal only each other).</param>
/// <param name="hash">The combined item hashes (a null tuple hashes to 0).</param>
internal sealed class TupleKeyComparer<T>(Func<T, T, bool> equals, Func<T, int> hash) : IEqualityComparer<T>
{
    public bool Equals(T? x, T? y) => equals(x!, y!);

    public int GetHashCode([DisallowNull] T obj) => hash(obj);
}

/// <summary>Builds <see cref="TupleKeyComparer{T}"/> instances.</summary>
internal static class TupleKeyComparer
{
    /// <summary>Whether <paramref name="definition"/> is a tuple kind this comparer covers.</summary>
    /// <param name="definition">A generic type definition.</param>
    public static bool IsTuple(Type definition)
        => definition == typeof(ValueTuple<>) || definition == typeof(ValueTuple<,>) || definition == typeof(ValueTuple<,,>)
            || definition == typeof(ValueTuple<,,,>) || definition == typeof(ValueTuple<,,,,>) || definition == typeof(ValueTuple<,,,,,>)
            || definition == typeof(ValueTuple<,,,,,,>) || definition == typeof(ValueTuple<,,,,,,,>)
            || definition == typeof(Tuple<>) || definition == typeof(Tuple<,>) || definition == typeof(Tuple<,,>)
            || definition == typeof(Tuple<,,,>) || definition == typeof(Tuple<,,,,>) || definition == typeof(Tuple<,,,,,>)
            || definition == typeof(Tuple<,,,,,,>) || definition == typeof(Tuple<,,,,,,,>);

    /// <summary>Builds the comparer for <paramref name="type"/> from one comparer per item.</summary>
    /// <param name="type">A tuple type (<see cref="IsTuple"/> of its definition).</param>
    /// <param name="items">The comparer of each item, in order (an <see cref="IEqualityComparer{T}"/> of the item's type).</param>
    [RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static object Create(Type type, object[] items)
    {
        var members = Items(type);
        var x = Expression.Parameter(type, "x");
        var y = Expression.Parameter(type, "y");
        Expression? equal = null;
        var hashes = new Expression[members.Length];
        for (int i = 0; i < members.Length; i++)
        {
            var itemType = members[i] is FieldInfo field ? field.FieldType : ((PropertyInfo)members[i]).PropertyType;
            var comparerType = typeof(IEqualityComparer<>).MakeGenericType(itemType);
            var comparer = Expression.Constant(items[i], comparerType);
            var equalItems = Expression.Call(comparer, comparerType.GetMethod(nameof(IEqualityComparer<int>.Equals))!,
                Expression.MakeMemberAccess(x, members[i]), Expression.MakeMemberAccess(y, members[i]));
            equal = equal is null ? equalItems : Expression.AndAlso(equal, equalItems);

            Expression item = Expression.MakeMemberAccess(x, members[i]);
            Expression hashItem = Expression.Call(comparer, comparerType.GetMethod(nameof(IEqualityComparer<int>.GetHashCode))!, item);
            if (!itemType.IsValueType || Nullable.GetUnderlyingType(itemType) is not null)
            {
                // As the two- and three-item comparers do: a null item hashes to 0 (GetHashCode does not take null).
                hashItem = Expression.Condition(Expression.Equal(item, Expression.Constant(null, itemType)), Expression.Constant(0), hashItem);
            }

            hashes[i] = hashItem;
        }

        var combine = typeof(HashCode).GetMethods(BindingFlags.Public | BindingFlags.Static)
            .Single(m => m.Name == nameof(HashCode.Combine) && m.GetGenericArguments().Length == hashes.Length)
            .MakeGenericMethod(Enumerable.Repeat(typeof(int), hashes.Length).ToArray());
        Expression hash = Expression.Call(combine, hashes);
        if (!type.IsValueType)
        {
            var nullOf = Expression.Constant(null, type);
            equal = Expression.OrElse(
                Expression.ReferenceEqual(x, y),
                Expression.AndAlso(Expression.AndAlso(Expression.ReferenceNotEqual(x, nullOf), Expression.ReferenceNotEqual(y, nullOf)), equal!));
            hash = Expression.Condition(Expression.ReferenceEqual(x, nullOf), Expression.Constant(0), hash);
        }

        var equalsDelegate = Expression.Lambda(typeof(Func<,,>).MakeGenericType(type, type, typeof(bool)), equal!, x, y).Compile();
        var hashDelegate = Expression.Lambda(typeof(Func<,>).MakeGenericType(type, typeof(int)), hash, x).Compile();
        return Activator.CreateInstance(typeof(TupleKeyComparer<>).MakeGenericType(type), equalsDelegate, hashDelegate)!;
    }

    /// <summary>The items of a tuple type in order: <c>Item1</c>..<c>Item7</c> and <c>Rest</c> (fields of a value tuple, properties of a tuple).</summary>
    /// <param name="type">The tuple type.</param>
    [RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
    public static MemberInfo[] Items(Type type)
    {
        int count = type.GetGenericArguments().Length;
        var members = new MemberInfo[count];
        for (int i = 0; i < count; i++)
        {
            string name = i == 7 ? "Rest" : "Item" + (i + 1).ToString(System.Globalization.CultureInfo.InvariantCulture);
            members[i] = type.IsValueType ? type.GetField(name)! : type.GetProperty(name)!;
        }

        return members;
    }
}
