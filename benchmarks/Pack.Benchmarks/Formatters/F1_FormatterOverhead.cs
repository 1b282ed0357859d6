using System.Buffers;
using BenchmarkDotNet.Attributes;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.Logging.Abstractions;
using Pack.AspNetCore;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.Formatters;

/// <summary>
/// The cost of the MVC formatters over calling <see cref="PackSerializer"/> directly, for W4 with 1,000 members.
/// Both sides of each pair create the same <see cref="DefaultHttpContext"/>, so the difference is the formatter's own work.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkDotNet.Configs.BenchmarkLogicalGroupRule.ByCategory)]
public class F1_FormatterOverhead
{
    private readonly PackOutputFormatter _output = new(new PackFormatterOptions(), NullLogger<PackOutputFormatter>.Instance);
    private readonly PackInputFormatter _input = new(new PackFormatterOptions(), NullLogger<PackInputFormatter>.Instance);
    private readonly ModelMetadata _metadata = new EmptyModelMetadataProvider().GetMetadataForType(typeof(Organization));
    private Organization _organization = null!;
    private byte[] _bytes = null!;

    [GlobalSetup]
    public void Setup()
    {
        _organization = WorkloadData.Organization(1000);
        _bytes = PackSerializer.Serialize(_organization);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Write")]
    public async Task Write_PackSerializerIntoBodyWriter()
    {
        var context = new DefaultHttpContext { Response = { Body = Stream.Null } };
        PackSerializer.Serialize(context.Response.BodyWriter, _organization);
        await context.Response.BodyWriter.FlushAsync();
    }

    [Benchmark, BenchmarkCategory("Write")]
    public Task Write_PackOutputFormatter()
    {
        var context = new DefaultHttpContext { Response = { Body = Stream.Null } };
        return _output.WriteResponseBodyAsync(new OutputFormatterWriteContext(context, static (s, e) => new StreamWriter(s, e), typeof(Organization), _organization));
    }

    [Benchmark(Baseline = true), BenchmarkCategory("Read")]
    public async Task<Organization?> Read_PackSerializerFromBodyReader()
    {
        var context = new DefaultHttpContext { Request = { Body = new MemoryStream(_bytes, writable: false) } };
        var reader = context.Request.BodyReader;
        while (true)
        {
            var result = await reader.ReadAsync();
            if (result.IsCompleted)
            {
                var value = PackSerializer.Deserialize<Organization>(result.Buffer);
                reader.AdvanceTo(result.Buffer.End);
                return value;
            }

            reader.AdvanceTo(result.Buffer.Start, result.Buffer.End);
        }
    }

    [Benchmark, BenchmarkCategory("Read")]
    public async Task<object?> Read_PackInputFormatter()
    {
        var context = new DefaultHttpContext { Request = { Body = new MemoryStream(_bytes, writable: false), ContentType = PackMediaTypes.Pack, ContentLength = _bytes.Length } };
        var formatterContext = new InputFormatterContext(context, string.Empty, new ModelStateDictionary(), _metadata, static (s, e) => new StreamReader(s, e));
        return (await _input.ReadRequestBodyAsync(formatterContext)).Model;
    }
}
