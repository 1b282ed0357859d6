using System.Collections.Concurrent;
using System.Globalization;
using System.Reflection;
using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Reports;
using BenchmarkDotNet.Running;

namespace Pack.Benchmarks.Reporting;

/// <summary>The "Payload" column: bytes on the wire for each benchmark, from <see cref="IPayloadSizeSource"/>.</summary>
public sealed class PayloadSizeColumn : IColumn
{
    private readonly ConcurrentDictionary<(Type Type, string Parameters, string Method), string> cache = new();

    /// <inheritdoc/>
    public string Id => nameof(PayloadSizeColumn);

    /// <inheritdoc/>
    public string ColumnName => "Payload";

    /// <inheritdoc/>
    public bool AlwaysShow => true;

    /// <inheritdoc/>
    public ColumnCategory Category => ColumnCategory.Custom;

    /// <inheritdoc/>
    public int PriorityInCategory => 0;

    /// <inheritdoc/>
    public bool IsNumeric => true;

    /// <inheritdoc/>
    public UnitType UnitType => UnitType.Dimensionless;

    /// <inheritdoc/>
    public string Legend => "Serialized payload size in bytes (for a deserialize benchmark: the bytes it reads)";

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase) => GetValue(summary, benchmarkCase, SummaryStyle.Default);

    /// <inheritdoc/>
    public string GetValue(Summary summary, BenchmarkCase benchmarkCase, SummaryStyle style)
    {
        var key = (benchmarkCase.Descriptor.Type, benchmarkCase.Parameters.DisplayInfo, benchmarkCase.Descriptor.WorkloadMethod.Name);
        return cache.GetOrAdd(key, static (_, benchmarkCase) => Measure(benchmarkCase), benchmarkCase);
    }

    /// <inheritdoc/>
    public bool IsAvailable(Summary summary) => true;

    /// <inheritdoc/>
    public bool IsDefault(Summary summary, BenchmarkCase benchmarkCase) => false;

    private static string Measure(BenchmarkCase benchmarkCase)
    {
        var type = benchmarkCase.Descriptor.Type;
        if (!typeof(IPayloadSizeSource).IsAssignableFrom(type))
        {
            return "-";
        }

        try
        {
            var source = (IPayloadSizeSource)Activator.CreateInstance(type)!;
            foreach (var parameter in benchmarkCase.Parameters.Items)
            {
                SetParameter(source, parameter.Name, parameter.Value);
            }

            var size = source.GetPayloadSize(benchmarkCase.Descriptor.WorkloadMethod.Name);
            (source as IDisposable)?.Dispose();
            return size?.ToString(CultureInfo.InvariantCulture) ?? "-";
        }
        catch (Exception exception) when (exception is not OutOfMemoryException)
        {
            // A codec that throws here fails its own benchmark, which reports the error; the column only says it has no size.
            return "n/a";
        }
    }

    private static void SetParameter(object target, string name, object? value)
    {
        const BindingFlags Flags = BindingFlags.Public | BindingFlags.Instance;
        if (target.GetType().GetProperty(name, Flags) is { } property)
        {
            property.SetValue(target, value);
        }
        else
        {
            target.GetType().GetField(name, Flags)?.SetValue(target, value);
        }
    }
}
