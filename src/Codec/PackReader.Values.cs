using System.Runtime.CompilerServices;
using Pack.Formatters;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>Reads a value of any supported type through its cached formatter.</summary>
    /// <typeparam name="T">The value's type.</typeparam>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public T? ReadValue<T>() => PackFormatterCache<T>.Formatter.Deserialize(ref this);
}
