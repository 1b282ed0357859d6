using System.Runtime.CompilerServices;

namespace Pack.Formatters.Primitives;

/// <summary>Writes an enum as its underlying integer. Values outside the declared members are accepted, as in C#.</summary>
/// <typeparam name="T">The enum type.</typeparam>
internal sealed class EnumFormatter<T> : PackFormatter<T>
    where T : struct, Enum
{
    /// <inheritdoc/>
    public override int MinimumLength => Unsafe.SizeOf<T>();

    /// <inheritdoc/>
    public override void Serialize<TBufferWriter>(ref PackWriter<TBufferWriter> writer, T value)
    {
        switch (Unsafe.SizeOf<T>())
        {
            case 1: writer.WriteByte(Unsafe.As<T, byte>(ref value)); break;
            case 2: writer.WriteUInt16(Unsafe.As<T, ushort>(ref value)); break;
            case 4: writer.WriteUInt32(Unsafe.As<T, uint>(ref value)); break;
            default: writer.WriteUInt64(Unsafe.As<T, ulong>(ref value)); break;
        }
    }

    /// <inheritdoc/>
    public override T Deserialize(ref PackReader reader)
    {
        switch (Unsafe.SizeOf<T>())
        {
            case 1: { byte v = reader.ReadByte(); return Unsafe.As<byte, T>(ref v); }
            case 2: { ushort v = reader.ReadUInt16(); return Unsafe.As<ushort, T>(ref v); }
            case 4: { uint v = reader.ReadUInt32(); return Unsafe.As<uint, T>(ref v); }
            default: { ulong v = reader.ReadUInt64(); return Unsafe.As<ulong, T>(ref v); }
        }
    }
}
