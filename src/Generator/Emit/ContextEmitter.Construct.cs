using System.Collections.Generic;
using Pack.Generator.Model;

namespace Pack.Generator.Emit;

/// <summary>The construct step: the chosen constructor (or a struct's default), then the members read that it does not take.</summary>
internal static partial class ContextEmitter
{
    private static void EmitConstruct(SourceWriter writer, TypeModel type)
    {
        var contract = type.Object!;
        var members = contract.Members;

        // The constructor takes the members bound to its parameters, in parameter order.
        var arguments = new List<string>();
        for (int parameter = 0; parameter < contract.ConstructorParameters.Count; parameter++)
        {
            arguments.Add("m" + Number(IndexOfParameter(members, parameter)));
        }

        if (contract.RunsUserCode)
        {
            // The constructor, its initializers or the setters are user code (decided once per type): what the block
            // allocates beyond the instance already charged is charged after it, as the run-time path does.
            writer.WriteLine("long allocatedBefore = global::System.GC.GetAllocatedBytesForCurrentThread();");
        }

        if (!contract.HasConstructor)
        {
            writer.WriteLine(type.Name + " result = default;");
        }
        else if (contract.ConstructorAccessible)
        {
            writer.WriteLine(type.Name + " result = new " + type.Name + "(" + string.Join(", ", arguments) + ");");
        }
        else
        {
            writer.WriteLine(type.Name + " result = " + AccessPrefix(type, contract.Generic) + "Construct(" + string.Join(", ", arguments) + ");");
        }

        // Assign the other members that were present; absent ones keep their initializer values.
        for (int i = 0; i < members.Count; i++)
        {
            var member = members[i];
            if (member.ParameterIndex >= 0)
            {
                continue;
            }

            writer.WriteLine("if (count >= " + Number(i + 1) + ")");
            writer.OpenBlock();
            writer.WriteLine(Setter(type, member, i, "m" + Number(i)) + ";");
            writer.CloseBlock();
        }

        if (contract.RunsUserCode)
        {
            writer.WriteLine("reader.ChargeUserCode(allocatedBefore, " + (type.IsValueType || contract.FixedLength >= 0 ? "0" : "InstanceSize") + ");");
        }
    }

    /// <summary>The member bound to constructor parameter <paramref name="parameter"/>.</summary>
    private static int IndexOfParameter(EquatableArray<MemberModel> members, int parameter)
    {
        for (int i = 0; i < members.Count; i++)
        {
            if (members[i].ParameterIndex == parameter)
            {
                return i;
            }
        }

        return -1;
    }
}
