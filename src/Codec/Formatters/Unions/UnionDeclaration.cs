using System.Reflection;
using System.Text.Json.Serialization;
using Pack.Formatters.Contracts;

namespace Pack.Formatters.Unions;

/// <summary>
/// Finds the cases of a union: the <see cref="PackUnionAttribute"/>s of an abstract class or interface or, when it has
/// none, its <see cref="JsonDerivedTypeAttribute"/>s with integer discriminators, which become the tags. With both
/// present, <see cref="PackUnionAttribute"/> decides for Pack and JSON keeps its own discriminators.
/// </summary>
internal static class UnionDeclaration
{
    /// <summary>Whether <paramref name="type"/> is read and written as a union.</summary>
    public static bool IsUnion(Type type)
        => (type.IsAbstract || type.IsInterface)
           && (type.IsDefined(typeof(PackUnionAttribute), inherit: false) || type.IsDefined(typeof(JsonDerivedTypeAttribute), inherit: false));

    /// <summary>The declared cases, in declaration order; throws <see cref="NotSupportedException"/> for a case without a usable tag.</summary>
    public static (ushort Tag, Type Type)[] GetCases(Type union)
    {
        var packCases = union.GetCustomAttributes<PackUnionAttribute>(inherit: false).ToArray();
        if (packCases.Length > 0)
        {
            return Array.ConvertAll(packCases, a => (a.Tag, a.Type));
        }

        var jsonCases = union.GetCustomAttributes<JsonDerivedTypeAttribute>(inherit: false).ToArray();
        var cases = new (ushort Tag, Type Type)[jsonCases.Length];
        for (int i = 0; i < jsonCases.Length; i++)
        {
            var attribute = jsonCases[i];
            cases[i] = (UnionRules.TagOf(attribute.TypeDiscriminator, union.ToString(), attribute.DerivedType.ToString()), attribute.DerivedType);
        }

        return cases;
    }
}
