using System.Reflection;
using Pack.Formatters.Objects;
using Pack.Schema.Building;

namespace Pack.Schema;

/// <summary>
/// Members' nullability annotations (docs/schema.md §1.4), read with <see cref="NullabilityInfoContext"/>: a member's
/// read state, which is its declared annotation as <c>[MaybeNull]</c>/<c>[NotNull]</c> change it, as the generator's
/// RoslynSchemaAdapter reads it from symbols. Only the declaration counts: a member is read from its generic type's
/// definition, so a place typed by a type parameter (<c>T Value</c>) is oblivious, whatever the type argument.
/// </summary>
internal sealed partial class ContractDescriber
{
    private const string NullabilitySwitch = "System.Reflection.NullabilityInfoContext.IsSupported";

    private static SchemaAnnotation<Type>?[] Annotations(ObjectMember[] members)
    {
        var annotations = new SchemaAnnotation<Type>?[members.Length];
        if (AppContext.TryGetSwitch(NullabilitySwitch, out bool supported) && !supported)
        {
            // A trimmed app that removed the annotations' metadata: every member is oblivious.
            return annotations;
        }

        var context = new NullabilityInfoContext();
        for (int i = 0; i < members.Length; i++)
        {
            var declared = Declaration(members[i].Member);
            var info = declared switch
            {
                PropertyInfo property => context.Create(property),
                FieldInfo field => context.Create(field),
                _ => null,
            };
            annotations[i] = info is null ? null : Annotate(members[i].Type, info);
        }

        return annotations;
    }

    /// <summary>The member as its (generic) type's definition declares it.</summary>
    private static MemberInfo Declaration(MemberInfo member)
        => member.DeclaringType is { IsGenericType: true, IsGenericTypeDefinition: false } declaring
            ? declaring.GetGenericTypeDefinition().GetMemberWithSameMetadataDefinitionAs(member)
            : member;

    /// <summary>The annotation of the closed <paramref name="type"/> at a place whose declaration <paramref name="info"/> describes.</summary>
    private static SchemaAnnotation<Type> Annotate(Type type, NullabilityInfo info)
    {
        if (info.Type.IsGenericParameter)
        {
            return new SchemaAnnotation<Type>(type, SchemaNullability.Oblivious, []);
        }

        char state = info.ReadState switch
        {
            NullabilityState.Nullable => SchemaNullability.Nullable,
            NullabilityState.NotNull => SchemaNullability.NonNullable,
            _ => SchemaNullability.Oblivious,
        };

        Type[] closed = type.IsArray ? [type.GetElementType()!] : type.IsGenericType ? type.GetGenericArguments() : [];
        NullabilityInfo[] declared = info.ElementType is { } element ? [element] : info.GenericTypeArguments;
        var arguments = new SchemaAnnotation<Type>[closed.Length == declared.Length ? closed.Length : 0];
        for (int i = 0; i < arguments.Length; i++)
        {
            arguments[i] = Annotate(closed[i], declared[i]);
        }

        return new SchemaAnnotation<Type>(type, state, arguments);
    }
}
