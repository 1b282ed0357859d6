using Pack.IO;

namespace Pack.AspNetCore;

/// <summary>A request body that counts the bytes read through it; installed only while <see cref="PackServerMetrics"/> is observed.</summary>
internal sealed class CountingReadStream(Stream inner) : ReadOnlyDelegatingStream(inner, leaveOpen: true)
{
    public long BytesRead { get; private set; }

    protected override int OnRead(int read)
    {
        BytesRead += read;
        return read;
    }
}
