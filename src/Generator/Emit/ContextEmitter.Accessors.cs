using System.Collections.Generic;
using System.Text;
using Pack.Formatters.Objects;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>
/// The UnsafeAccessors of a formatter: which ones it needs, decided from the model before any code is written (every
/// member generated code cannot reach directly, and the constructor), their call sites, and their declarations.
/// </summary>
internal static partial class ContextEmitter
{
    /// <summary>The accessors a formatter declares, in the order they are declared.</summary>
    private static List<Accessor> PlanAccessors(TypeModel type)
    {
        var contract = type.Object!;
        var members = contract.Members;
        var accessors = new List<Accessor>();
        string target = AccessTarget(type);

        // The layout check reaches each storage field by reference.
        if (type.IsValueType && contract.Layout == BlittableLayout.Candidate)
        {
            for (int i = 0; i < members.Count; i++)
            {
                if (!members[i].StorageAccessible)
                {
                    accessors.Add(new Accessor(AccessorKind.Field, "Storage" + Number(i), members[i].StorageField!, members[i].AccessorTypeName, "ref " + target + " target", contract.Generic));
                }
            }
        }

        // Serialize reads every member.
        for (int i = 0; i < members.Count; i++)
        {
            if (!members[i].GetterAccessible)
            {
                accessors.Add(MemberAccessor(type, members[i], i, setter: false));
            }
        }

        if (contract.HasConstructor && !contract.ConstructorAccessible)
        {
            accessors.Add(new Accessor(AccessorKind.Constructor, "Construct", null, target, string.Empty, contract.Generic));
        }

        // Deserialize assigns the members not bound to the constructor; a field's accessor serves both ways.
        for (int i = 0; i < members.Count; i++)
        {
            var member = members[i];
            if (member.ParameterIndex < 0 && !member.SetterAccessible && !(member.IsField && !member.GetterAccessible))
            {
                accessors.Add(MemberAccessor(type, member, i, setter: true));
            }
        }

        return accessors;
    }

    private static Accessor MemberAccessor(TypeModel type, MemberModel member, int index, bool setter)
    {
        // An UnsafeAccessor looks the member up on the type it names only, so one declared on a base type names the
        // base type (a generic base's definition, from a class of its own type parameters).
        var owner = OwnerOf(type, member);
        string target = (type.IsValueType ? "ref " : string.Empty) + (owner?.Definition ?? member.DeclaringType ?? type.Name) + " target";
        if (member.IsField)
        {
            return new Accessor(AccessorKind.Field, "Get" + Number(index), member.Name, member.AccessorTypeName, target, owner);
        }

        return setter
            ? new Accessor(AccessorKind.Setter, "Set" + Number(index), member.SetterName!, member.AccessorTypeName, target, owner)
            : new Accessor(AccessorKind.Getter, "Get" + Number(index), member.GetterName!, member.AccessorTypeName, target, owner);
    }

    /// <summary>The generic type whose accessor class reaches a member: the base type declaring it, or the contract's own type; <see langword="null"/> when neither is generic.</summary>
    private static GenericOwnerModel? OwnerOf(TypeModel type, MemberModel member)
        => member.DeclaringType is null ? type.Object!.Generic : member.DeclaringGeneric;

    /// <summary>The type accessors name as their target: the type itself, or a generic type's definition (<c>Box&lt;T&gt;</c>).</summary>
    private static string AccessTarget(TypeModel type) => type.Object!.Generic?.Definition ?? type.Name;

    /// <summary>
    /// The accessor classes of a formatter, one per generic type whose members or constructor it reaches, in order of
    /// first use: <c>Access</c> for the contract's own type, <c>Access1</c>, <c>Access2</c>… for generic base types.
    /// </summary>
    private static List<GenericOwnerModel> AccessClasses(TypeModel type, List<Accessor> accessors)
    {
        var owners = new List<GenericOwnerModel>();
        if (type.Object!.Generic is { } own)
        {
            owners.Add(own);
        }

        foreach (var accessor in accessors)
        {
            if (accessor.Owner is { } owner && !owners.Contains(owner))
            {
                owners.Add(owner);
            }
        }

        return owners;
    }

    /// <summary>The name of an accessor class (<see cref="AccessClasses"/>).</summary>
    private static string AccessClassName(TypeModel type, GenericOwnerModel owner)
    {
        if (owner.Equals(type.Object!.Generic))
        {
            return "Access";
        }

        // Base types by first appearance among the members, the same order AccessClasses meets them in.
        var bases = new List<GenericOwnerModel>();
        foreach (var member in type.Object!.Members)
        {
            if (member.DeclaringGeneric is { } declaring && !bases.Contains(declaring))
            {
                bases.Add(declaring);
            }
        }

        return "Access" + Number(bases.IndexOf(owner) + 1);
    }

    /// <summary>What precedes an accessor's name at its call site: a generic type's accessors live in its class, closed over the type's arguments.</summary>
    private static string AccessPrefix(TypeModel type, GenericOwnerModel? owner)
        => owner is null ? string.Empty : AccessClassName(type, owner) + "<" + string.Join(", ", owner.TypeArguments) + ">.";

    /// <summary>The expression reading member <paramref name="index"/> of <c>value</c>.</summary>
    private static string Getter(TypeModel type, MemberModel member, int index)
        => member.GetterAccessible
            ? "value." + Identifier(member.Name)
            : AccessPrefix(type, OwnerOf(type, member)) + "Get" + Number(index) + "(" + (type.IsValueType ? "ref " : string.Empty) + "value)";

    /// <summary>The statement assigning <paramref name="value"/> to member <paramref name="index"/> of <c>result</c>.</summary>
    private static string Setter(TypeModel type, MemberModel member, int index, string value)
    {
        if (member.SetterAccessible)
        {
            return "result." + Identifier(member.Name) + " = " + value;
        }

        string prefix = AccessPrefix(type, OwnerOf(type, member));
        string reference = type.IsValueType ? "ref " : string.Empty;
        return member.IsField
            ? prefix + "Get" + Number(index) + "(" + reference + "result) = " + value
            : prefix + "Set" + Number(index) + "(" + reference + "result, " + value + ")";
    }

    /// <summary>
    /// Declares the accessors after the formatter's methods: the ones of non-generic types in the formatter itself, a
    /// generic type's in a nested class whose type parameters, with their constraints, stand for the type's (an
    /// UnsafeAccessor of a generic type's member must be declared so: docs/generator.md).
    /// </summary>
    private static void EmitAccessors(SourceWriter writer, TypeModel type, List<Accessor> accessors)
    {
        if (accessors.Count == 0)
        {
            return;
        }

        EmitAccessorGroup(writer, type, accessors, null);
        foreach (var owner in AccessClasses(type, accessors))
        {
            if (!accessors.Exists(a => owner.Equals(a.Owner)))
            {
                continue;
            }

            writer.WriteLine();
            writer.WriteLine("private static class " + AccessClassName(type, owner) + "<" + string.Join(", ", TypeParameterNames(owner)) + ">" + ConstraintClauses(owner));
            writer.OpenBlock();
            EmitAccessorGroup(writer, type, accessors, owner);
            writer.CloseBlock();
        }
    }

    private static void EmitAccessorGroup(SourceWriter writer, TypeModel type, List<Accessor> accessors, GenericOwnerModel? owner)
    {
        string visibility = owner is null ? "private" : "public";
        bool first = owner is not null;
        foreach (var accessor in accessors)
        {
            if (!Equals(accessor.Owner, owner))
            {
                continue;
            }

            if (!first)
            {
                writer.WriteLine();
            }

            first = false;
            switch (accessor.Kind)
            {
                case AccessorKind.Field:
                    writer.WriteLine("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Field, Name = " + Literal(accessor.Target!) + ")]");
                    writer.WriteLine(visibility + " static extern ref " + accessor.TypeName + " " + accessor.Name + "(" + accessor.TargetParameter + ");");
                    break;
                case AccessorKind.Getter:
                    writer.WriteLine("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Method, Name = " + Literal(accessor.Target!) + ")]");
                    writer.WriteLine(visibility + " static extern " + accessor.TypeName + " " + accessor.Name + "(" + accessor.TargetParameter + ");");
                    break;
                case AccessorKind.Setter:
                    writer.WriteLine("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Method, Name = " + Literal(accessor.Target!) + ")]");
                    writer.WriteLine(visibility + " static extern void " + accessor.Name + "(" + accessor.TargetParameter + ", " + accessor.TypeName + " value);");
                    break;
                default:
                    var parameters = new List<string>();
                    foreach (var parameter in type.Object!.ConstructorParameters)
                    {
                        parameters.Add(parameter.TypeName + " " + Identifier(parameter.Name));
                    }

                    writer.WriteLine("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Constructor)]");
                    writer.WriteLine(visibility + " static extern " + accessor.TypeName + " " + accessor.Name + "(" + string.Join(", ", parameters) + ");");
                    break;
            }
        }
    }

    private static List<string> TypeParameterNames(GenericOwnerModel owner)
    {
        var names = new List<string>(owner.TypeParameters.Count);
        foreach (var parameter in owner.TypeParameters)
        {
            names.Add(Identifier(parameter.Name));
        }

        return names;
    }

    /// <summary>The <c>where</c> clauses of an accessor class: each type parameter's constraints as the type declares them.</summary>
    private static string ConstraintClauses(GenericOwnerModel owner)
    {
        var clauses = new StringBuilder();
        foreach (var parameter in owner.TypeParameters)
        {
            var constraints = new List<string>();
            if (parameter.ReferenceType)
            {
                constraints.Add(parameter.NullableReferenceType ? "class?" : "class");
            }
            else if (parameter.Unmanaged)
            {
                constraints.Add("unmanaged");
            }
            else if (parameter.ValueType)
            {
                constraints.Add("struct");
            }
            else if (parameter.NotNull)
            {
                constraints.Add("notnull");
            }

            constraints.AddRange(parameter.ConstraintTypes);
            if (parameter.Constructor && !parameter.ValueType)
            {
                constraints.Add("new()");
            }

            if (parameter.AllowsRefLike)
            {
                constraints.Add("allows ref struct");
            }

            if (constraints.Count > 0)
            {
                clauses.Append(" where ").Append(Identifier(parameter.Name)).Append(" : ").Append(string.Join(", ", constraints));
            }
        }

        return clauses.ToString();
    }
}
