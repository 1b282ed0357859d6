using System.IO.Compression;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>
/// A Content-Encoding decoder's error is the client's (400) only when the thrower is System.IO.Compression's. Under
/// Native AOT the thrower's reflection metadata is gone (TargetSite is null), so the body reader falls back to the stack
/// trace data; these tests run that fallback directly, on the exceptions the decoders really throw.
/// </summary>
public sealed class DecoderThrowerTests
{
    private static readonly byte[] Garbage = [0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8];

    [Fact]
    public void StackTraceThrowerNamespace_BrotliGarbage_IsSystemIOCompression()
    {
        var exception = Assert.Throws<InvalidOperationException>(() => Drain(new BrotliStream(new MemoryStream(Garbage), CompressionMode.Decompress)));

        Assert.Equal("System.IO.Compression", PackRequestBody.StackTraceThrowerNamespace(exception));
        Assert.True(PackRequestBody.IsUndecodableContent(exception));
    }

    [Fact]
    public void StackTraceThrowerNamespace_GzipGarbage_IsSystemIOCompression()
    {
        var exception = Assert.ThrowsAny<InvalidDataException>(() => Drain(new GZipStream(new MemoryStream(Garbage), CompressionMode.Decompress)));

        Assert.Equal("System.IO.Compression", PackRequestBody.StackTraceThrowerNamespace(exception));
    }

    [Fact]
    public void StackTraceThrowerNamespace_ThrownByNestedGenericType_IsItsNamespace()
    {
        var exception = Assert.Throws<InvalidOperationException>(Outer.Inner<int>.Throw);

        Assert.Equal(typeof(Outer).Namespace, PackRequestBody.StackTraceThrowerNamespace(exception));
        Assert.False(PackRequestBody.IsUndecodableContent(exception));
    }

    [Fact]
    public void StackTraceThrowerNamespace_NeverThrown_IsNull()
    {
        Assert.Null(PackRequestBody.StackTraceThrowerNamespace(new InvalidOperationException("never thrown")));
    }

    private static void Drain(Stream stream)
    {
        using (stream)
        {
            var buffer = new byte[64];
            while (stream.Read(buffer) > 0)
            {
            }
        }
    }

    private static class Outer
    {
        public static class Inner<T>
        {
            public static void Throw() => throw new InvalidOperationException(typeof(T).Name);
        }
    }
}
