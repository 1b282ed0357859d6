// Shared, as source, by the run-time path (src/Codec) and the source generator (src/Generator): see ContractBuilder.
using System;
using System.Collections.Generic;
using System.Globalization;

namespace Pack.Formatters.Contracts;

/// <summary>
/// The rules of a union's cases: a <c>[JsonDerivedType]</c> discriminator becomes a tag only when it is an integer from
/// 0 to 65534 (65535 is null), every case is a concrete type deriving from the union, and no tag or case appears twice.
/// With <c>[PackUnion]</c> present, its tags decide and <c>[JsonDerivedType]</c> is left to JSON.
/// </summary>
internal static class UnionRules
{
    /// <summary>The wire tag of a null union value.</summary>
    public const ushort NullTag = ushort.MaxValue;

    /// <summary>The tag of a <c>[JsonDerivedType(typeof(Case), discriminator)]</c> case.</summary>
    /// <exception cref="ContractException">PACK019 for a string (or no) discriminator, PACK020 for an integer out of range.</exception>
    public static ushort TagOf(object? discriminator, string union, string caseType)
    {
        if (discriminator is int tag)
        {
            return tag is >= 0 and < NullTag
                ? (ushort)tag
                : throw new ContractException(ContractErrors.DiscriminatorOutOfRange, union, caseType, tag.ToString(CultureInfo.InvariantCulture));
        }

        throw new ContractException(ContractErrors.StringDiscriminator, union, caseType, discriminator is string name ? ", \"" + name + "\"" : string.Empty);
    }

    /// <summary>Checks the declared cases, in declaration order.</summary>
    /// <exception cref="ContractException">PACK016 for tag 65535, PACK018 for a case that is not a concrete type deriving from the union, PACK017 for a tag or case declared twice.</exception>
    public static void CheckCases<TType>(string union, IReadOnlyList<KeyValuePair<ushort, TType>> cases, Func<TType, bool> isConcreteCase, Func<TType, TType, bool> same, Func<TType, string> display)
    {
        for (int i = 0; i < cases.Count; i++)
        {
            ushort tag = cases[i].Key;
            var type = cases[i].Value;
            if (tag == NullTag)
            {
                throw new ContractException(ContractErrors.ReservedUnionTag, union);
            }

            if (!isConcreteCase(type))
            {
                throw new ContractException(ContractErrors.UnionCaseNotDerived, union, display(type));
            }

            for (int j = 0; j < i; j++)
            {
                if (cases[j].Key == tag || same(cases[j].Value, type))
                {
                    throw new ContractException(ContractErrors.DuplicateUnionCase, union, tag.ToString(CultureInfo.InvariantCulture), display(type));
                }
            }
        }
    }
}
