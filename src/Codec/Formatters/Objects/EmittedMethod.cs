using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Reflection.Emit;

namespace Pack.Formatters.Objects;

/// <summary>
/// A static method generated at run time for <see cref="ObjectEmitter"/>: a method of a type in one shared dynamic
/// assembly where possible, otherwise a <see cref="DynamicMethod"/>.
/// </summary>
/// <remarks>
/// A <see cref="DynamicMethod"/> is compiled once, fully optimized but without tiering, so without profile data: the
/// JIT then declines to inline framework helpers that the same code inlines as ordinary tiered code (UTF-8 encoding of
/// every string member costs an extra call), and lays out cold paths inline. Methods of a dynamic assembly are tiered
/// like any other, so the member writers and readers get what source-generated formatters get. The dynamic assembly
/// ignores access checks to the assemblies whose members it uses (as <see cref="DynamicMethod"/>'s skipVisibility
/// does); types from collectible assemblies, which a non-collectible assembly cannot reference, keep a <see cref="DynamicMethod"/>.
/// </remarks>
[RequiresDynamicCode(PackSerializer.DynamicCodeMessage)]
[RequiresUnreferencedCode(PackSerializer.UnreferencedCodeMessage)]
internal sealed class EmittedMethod
{
    private static readonly Lock Gate = new();
    private static readonly HashSet<string> Accessible = new(StringComparer.Ordinal);
    private static AssemblyBuilder? s_assembly;
    private static ModuleBuilder? s_module;
    private static ConstructorInfo? s_ignoresAccessChecksTo;
    private static int s_count;

    private readonly DynamicMethod? _dynamicMethod;
    private readonly TypeBuilder? _type;

    private EmittedMethod(DynamicMethod dynamicMethod)
    {
        _dynamicMethod = dynamicMethod;
        IL = dynamicMethod.GetILGenerator();
    }

    private EmittedMethod(TypeBuilder type, MethodBuilder method)
    {
        _type = type;
        IL = method.GetILGenerator();
    }

    /// <summary>The IL of the method's body.</summary>
    public ILGenerator IL { get; }

    /// <summary>Starts a static method.</summary>
    /// <param name="name">A name for diagnostics (disassembly, stack traces).</param>
    /// <param name="returnType">The return type.</param>
    /// <param name="parameters">The parameter types.</param>
    /// <param name="used">Every type whose members the body uses besides the parameter and return types.</param>
    public static EmittedMethod Define(string name, Type returnType, Type[] parameters, IEnumerable<Type> used)
    {
        var types = new List<Type>(used) { returnType };
        types.AddRange(parameters);
        if (types.Exists(static t => t.IsCollectible))
        {
            return new EmittedMethod(new DynamicMethod(name, returnType, parameters, typeof(ObjectEmitter).Module, skipVisibility: true));
        }

        lock (Gate)
        {
            var module = s_module ??= CreateModule();
            foreach (var type in types)
            {
                AllowAccessTo(type);
            }

            var builder = module.DefineType($"{Sanitize(name)}_{++s_count}", TypeAttributes.Public | TypeAttributes.Abstract | TypeAttributes.Sealed | TypeAttributes.Class);
            var method = builder.DefineMethod("Invoke", MethodAttributes.Public | MethodAttributes.Static | MethodAttributes.HideBySig, returnType, parameters);
            return new EmittedMethod(builder, method);
        }
    }

    /// <summary>Completes the method and returns a delegate to it.</summary>
    /// <typeparam name="TDelegate">The delegate type, matching the method's signature.</typeparam>
    public TDelegate CreateDelegate<TDelegate>()
        where TDelegate : Delegate
    {
        if (_dynamicMethod is not null)
        {
            return _dynamicMethod.CreateDelegate<TDelegate>();
        }

        Type created;
        lock (Gate)
        {
            created = _type!.CreateType();
        }

        return created.GetMethod("Invoke")!.CreateDelegate<TDelegate>();
    }

    private static string Sanitize(string name)
    {
        var chars = name.ToCharArray();
        for (int i = 0; i < chars.Length; i++)
        {
            if (!char.IsAsciiLetterOrDigit(chars[i]) && chars[i] != '.')
            {
                chars[i] = '_';
            }
        }

        return new string(chars);
    }

    private static ModuleBuilder CreateModule()
    {
        s_assembly = AssemblyBuilder.DefineDynamicAssembly(new AssemblyName("Pack.Emitted"), AssemblyBuilderAccess.Run);
        var module = s_assembly.DefineDynamicModule("Pack.Emitted");

        // The runtime honours IgnoresAccessChecksToAttribute by name; it is declared in the assembly that uses it.
        var attribute = module.DefineType("System.Runtime.CompilerServices.IgnoresAccessChecksToAttribute", TypeAttributes.NotPublic | TypeAttributes.Sealed | TypeAttributes.Class, typeof(Attribute));
        attribute.SetCustomAttribute(new CustomAttributeBuilder(
            typeof(AttributeUsageAttribute).GetConstructor([typeof(AttributeTargets)])!,
            [AttributeTargets.Assembly],
            [typeof(AttributeUsageAttribute).GetProperty(nameof(AttributeUsageAttribute.AllowMultiple))!],
            [true]));
        var constructor = attribute.DefineConstructor(MethodAttributes.Public | MethodAttributes.HideBySig | MethodAttributes.SpecialName | MethodAttributes.RTSpecialName, CallingConventions.HasThis, [typeof(string)]);
        var il = constructor.GetILGenerator();
        il.Emit(OpCodes.Ldarg_0);
        il.Emit(OpCodes.Call, typeof(Attribute).GetConstructor(BindingFlags.Instance | BindingFlags.NonPublic, Type.EmptyTypes)!);
        il.Emit(OpCodes.Ret);
        s_ignoresAccessChecksTo = attribute.CreateType().GetConstructor([typeof(string)])!;
        return module;
    }

    private static void AllowAccessTo(Type type)
    {
        while (type.HasElementType)
        {
            type = type.GetElementType()!;
        }

        if (type.IsGenericType && !type.IsGenericTypeDefinition)
        {
            foreach (var argument in type.GetGenericArguments())
            {
                AllowAccessTo(argument);
            }
        }

        if (type.Assembly.GetName().Name is { } name && Accessible.Add(name))
        {
            s_assembly!.SetCustomAttribute(new CustomAttributeBuilder(s_ignoresAccessChecksTo!, [name]));
        }
    }
}
