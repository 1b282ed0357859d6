using System.Collections.Generic;
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
                    accessors.Add(new Accessor(AccessorKind.Field, "Storage" + Number(i), members[i].StorageField!, members[i].AccessorTypeName, "ref " + target + " target"));
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
            accessors.Add(new Accessor(AccessorKind.Constructor, "Construct", null, target, string.Empty));
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
        // An UnsafeAccessor looks the member up on the type it names only, so one declared on a base type names the base type.
        string target = (type.IsValueType ? "ref " : string.Empty) + (member.DeclaringType ?? AccessTarget(type)) + " target";
        if (member.IsField)
        {
            return new Accessor(AccessorKind.Field, "Get" + Number(index), member.Name, member.AccessorTypeName, target);
        }

        return setter
            ? new Accessor(AccessorKind.Setter, "Set" + Number(index), member.SetterName!, member.AccessorTypeName, target)
            : new Accessor(AccessorKind.Getter, "Get" + Number(index), member.GetterName!, member.AccessorTypeName, target);
    }

    /// <summary>The type accessors name as their target: the type itself, or a generic type's definition (<c>Box&lt;T&gt;</c>).</summary>
    private static string AccessTarget(TypeModel type) => type.Object!.GenericDefinition ?? type.Name;

    /// <summary>What precedes an accessor's name at its call site: a generic type's accessors live in <c>Access&lt;…&gt;</c>, closed over the type's arguments.</summary>
    private static string AccessPrefix(ObjectModel contract)
        => contract.GenericDefinition is null ? string.Empty : "Access<" + string.Join(", ", contract.TypeArguments) + ">.";

    private static string Visibility(ObjectModel contract) => contract.GenericDefinition is null ? "private" : "public";

    /// <summary>The expression reading member <paramref name="index"/> of <c>value</c>.</summary>
    private static string Getter(TypeModel type, MemberModel member, int index)
        => member.GetterAccessible
            ? "value." + Identifier(member.Name)
            : AccessPrefix(type.Object!) + "Get" + Number(index) + "(" + (type.IsValueType ? "ref " : string.Empty) + "value)";

    /// <summary>The statement assigning <paramref name="value"/> to member <paramref name="index"/> of <c>result</c>.</summary>
    private static string Setter(TypeModel type, MemberModel member, int index, string value)
    {
        if (member.SetterAccessible)
        {
            return "result." + Identifier(member.Name) + " = " + value;
        }

        string prefix = AccessPrefix(type.Object!);
        string reference = type.IsValueType ? "ref " : string.Empty;
        return member.IsField
            ? prefix + "Get" + Number(index) + "(" + reference + "result) = " + value
            : prefix + "Set" + Number(index) + "(" + reference + "result, " + value + ")";
    }

    /// <summary>
    /// Declares the accessors after the formatter's methods; a generic type's go in a nested <c>Access&lt;…&gt;</c>
    /// class whose type parameters stand for the type's.
    /// </summary>
    private static void EmitAccessors(SourceWriter writer, TypeModel type, List<Accessor> accessors)
    {
        if (accessors.Count == 0)
        {
            return;
        }

        var contract = type.Object!;
        writer.WriteLine();
        if (contract.GenericDefinition is not null)
        {
            writer.WriteLine("private static class Access<" + string.Join(", ", contract.TypeParameters) + ">");
            writer.OpenBlock();
        }

        string visibility = Visibility(contract);
        for (int i = 0; i < accessors.Count; i++)
        {
            if (i > 0)
            {
                writer.WriteLine();
            }

            var accessor = accessors[i];
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
                    foreach (var parameter in contract.ConstructorParameters)
                    {
                        parameters.Add(parameter.TypeName + " " + Identifier(parameter.Name));
                    }

                    writer.WriteLine("[global::System.Runtime.CompilerServices.UnsafeAccessor(global::System.Runtime.CompilerServices.UnsafeAccessorKind.Constructor)]");
                    writer.WriteLine(visibility + " static extern " + accessor.TypeName + " " + accessor.Name + "(" + string.Join(", ", parameters) + ");");
                    break;
            }
        }

        if (contract.GenericDefinition is not null)
        {
            writer.CloseBlock();
        }
    }
}
