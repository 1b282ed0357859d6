using System.Diagnostics;
using System.IO.Pipelines;
using Microsoft.AspNetCore.Http;
using Pack.Streaming;

namespace Pack.AspNetCore;

/// <summary>Writes one stream item frame, timing it and counting it when <see cref="PackServerMetrics"/> is listening.</summary>
internal static class PackStreamItemWriter
{
    public static void WriteItem<T>(PackServerMetrics? metrics, HttpContext httpContext, PipeWriter body, T item, PackSerializerOptions options)
    {
        if (metrics is null)
        {
            PackStream.WriteItem(body, item, options);
            return;
        }

        var started = Stopwatch.GetTimestamp();
        PackStream.WriteItem(body, item, options);
        metrics.RecordSerialize(httpContext, Stopwatch.GetElapsedTime(started), PackFormatTag.PackStream);
        metrics.RecordStreamItems(httpContext, 1, PackServerMetrics.ResponseDirection);
    }
}
