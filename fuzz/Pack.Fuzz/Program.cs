using Pack.AspNetCore.Tests.Fuzzing;
using Pack.Fuzz;
using Pack.Tests.Fuzzing;
using SharpFuzz;

// Pack.Fuzz TARGET                 run under afl-fuzz (SharpFuzz out-of-process runner); TARGET: span, sequence, stream, http
// Pack.Fuzz seeds DIR              write the seed inputs of every target to DIR/TARGET/
// Pack.Fuzz replay TARGET PATH...  run files (or every file in folders) through TARGET's invariants, print the worst case
if (args.Length == 0)
{
    Console.Error.WriteLine("usage: Pack.Fuzz TARGET | seeds DIR | replay TARGET PATH...  (targets: span, sequence, stream, http)");
    return 2;
}

switch (args[0])
{
    case "seeds":
        Seeds.Write(args[1]);
        return 0;
    case "replay":
        return await Replay.RunAsync(args[1], args[2..]).ConfigureAwait(false);
    case "http":
    {
        // Instrumented code may run only inside Fuzzer.Run (SharpFuzz sets up the coverage map there): the app starts on
        // the first input and then serves every later one.
        HttpCoverageTarget? http = null;
        Fuzzer.OutOfProcess.Run(stream =>
        {
            http ??= HttpCoverageTarget.StartAsync().GetAwaiter().GetResult();
            http.RunAsync(ReadAll(stream)).GetAwaiter().GetResult();
        });
        return 0;
    }

    default:
    {
        string target = args[0];
        if (!CoverageTargets.Names.Contains(target))
        {
            Console.Error.WriteLine($"unknown target '{target}'");
            return 2;
        }

        Fuzzer.OutOfProcess.Run(stream => CoverageTargets.Run(target, ReadAll(stream)));
        return 0;
    }
}

static byte[] ReadAll(Stream stream)
{
    using var buffer = new MemoryStream();
    stream.CopyTo(buffer);
    return buffer.ToArray();
}
