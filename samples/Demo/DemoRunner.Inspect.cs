using System.Net;
using Pack.Tool;

namespace Pack.Samples.Demo;

public static partial class DemoRunner
{
    /// <summary>The shipment whose live Pack response the demo decodes with <c>pack inspect</c>.</summary>
    public const int InspectedShipmentId = 7;

    /// <summary>
    /// Runs <c>pack inspect</c> on one live Pack response, in-process through <see cref="PackTool"/> (the tool's own
    /// command line, so the output is exactly what the tool prints), with the schema the API serves at /pack/schema.
    /// </summary>
    private static async Task<bool> InspectDemoAsync(Uri baseAddress, TextWriter output, CancellationToken cancellationToken)
    {
        string response = new Uri(baseAddress, $"api/shipments/{InspectedShipmentId}").AbsoluteUri;
        string schema = new Uri(baseAddress, "pack/schema").AbsoluteUri;
        output.WriteLine();
        output.WriteLine("Inspect: one live Pack response, decoded with the schema the API serves (docs/tools.md):");
        output.WriteLine($"  $ dotnet run --project tools/Pack.Tool -- inspect {response} --schema {schema}");

        // An API run elsewhere (--url), such as the Native AOT sample, may serve neither the shipments nor the schema.
        using (var probe = new HttpClient { BaseAddress = baseAddress })
        {
            foreach (string path in (string[])[$"api/shipments/{InspectedShipmentId}", "pack/schema"])
            {
                using HttpResponseMessage answer = await probe.GetAsync(path, cancellationToken).ConfigureAwait(false);
                if (answer.StatusCode == HttpStatusCode.NotFound)
                {
                    output.WriteLine($"  skipped: this API has no /{path}");
                    return true;
                }
            }
        }

        using var inspected = new StringWriter();
        using var errors = new StringWriter();
        int exitCode = await PackTool.RunAsync(["inspect", response, "--schema", schema], inspected, errors).ConfigureAwait(false);
        foreach (string line in (inspected.ToString() + errors.ToString()).Split('\n'))
        {
            if (line.TrimEnd('\r') is { Length: > 0 } text)
            {
                output.WriteLine("  " + text);
            }
        }

        return exitCode == 0;
    }
}
