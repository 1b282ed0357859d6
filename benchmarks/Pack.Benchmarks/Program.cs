using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Running;
using Pack.Benchmarks.Codecs;
using Pack.Benchmarks.Http;
using Pack.Benchmarks.OneShot;
using Pack.Benchmarks.Reporting;

if (args.Contains("--oneshot"))
{
    return OrganizationOneShot.Run(args);
}

if (args.Contains("--compression"))
{
    return CompressionTable.Run(args);
}

if (args.Contains("--memory"))
{
    return await LargeResponseMemory.RunAsync(args);
}

if (args.Contains("--verify"))
{
    return CodecVerifier.Run();
}

if (args.Contains("--server"))
{
    return await HttpBenchmarkServer.RunAsync(args);
}

if (args.Contains("--http"))
{
    return await HttpLoadRunner.RunAsync(args);
}

// BenchmarkDotNet rebuilds this project (protoc, the MemoryPack generator) before running; on a busy 2-core machine that
// can take longer than its default two minutes.
var config = ManualConfig.Create(DefaultConfig.Instance)
    .WithBuildTimeout(TimeSpan.FromMinutes(15))
    .AddDiagnoser(MemoryDiagnoser.Default)
    .AddColumn(new PayloadSizeColumn())
    .AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)
    .WithOrderer(new BenchmarkDotNet.Order.DefaultOrderer(BenchmarkDotNet.Order.SummaryOrderPolicy.Declared));

var summaries = BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args, config);

// BenchmarkDotNet exits 0 even when a benchmark throws; CI's smoke pass needs the failure to show.
return summaries.Any(summary => summary.HasCriticalValidationErrors || summary.Reports.Any(report => !report.Success)) ? 1 : 0;
