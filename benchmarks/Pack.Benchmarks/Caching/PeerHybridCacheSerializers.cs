using System.Buffers;
using MemoryPack;
using MessagePack;
using Microsoft.Extensions.Caching.Hybrid;

namespace Pack.Benchmarks.Caching;

/// <summary>
/// HybridCache's serializer over MemoryPack's public API, written for this benchmark: MemoryPack ships no HybridCache
/// package (MemoryPack#385 asks for one). An adapter, not a replacement: no envelope, no version check.
/// </summary>
/// <typeparam name="T">A <c>[MemoryPackable]</c> type.</typeparam>
public sealed class MemoryPackHybridCacheSerializer<T> : IHybridCacheSerializer<T>
{
    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source) => MemoryPackSerializer.Deserialize<T>(source)!;

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => MemoryPackSerializer.Serialize(target, value);
}

/// <summary>
/// HybridCache's serializer over MessagePack-CSharp's public API (<see cref="MessagePackSerializerOptions.Standard"/>,
/// the codec benchmarks' options), written for this benchmark: MessagePack ships no HybridCache package. An adapter,
/// not a replacement: no envelope, no version check.
/// </summary>
/// <typeparam name="T">A <c>[MessagePackObject]</c> type.</typeparam>
public sealed class MessagePackHybridCacheSerializer<T> : IHybridCacheSerializer<T>
{
    /// <inheritdoc/>
    public T Deserialize(ReadOnlySequence<byte> source) => MessagePackSerializer.Deserialize<T>(source, MessagePackSerializerOptions.Standard);

    /// <inheritdoc/>
    public void Serialize(T value, IBufferWriter<byte> target) => MessagePackSerializer.Serialize(target, value, MessagePackSerializerOptions.Standard);
}
