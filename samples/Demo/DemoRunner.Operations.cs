using System.Globalization;
using System.Net;
using Pack.Client;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo;

public static partial class DemoRunner
{
    /// <summary>
    /// Prints, from the server's own Pack metrics (its Prometheus endpoint, <c>/metrics</c>), how many response bytes each
    /// format put on the wire during the run; then shows a <c>Pack-Timeout</c> deadline stopping a slow call.
    /// </summary>
    private static async Task<bool> OperationsDemoAsync(Uri baseAddress, TextWriter output, CancellationToken cancellationToken)
    {
        using var http = new HttpClient(new PackDeadlineHandler { InnerHandler = new SocketsHttpHandler() }) { BaseAddress = baseAddress };

        output.WriteLine();
        output.WriteLine("Server metrics (GET /metrics, pack.server.body.size), response bytes on the wire by format:");
        using (HttpResponseMessage scrape = await http.GetAsync(new Uri("/metrics", UriKind.Relative), cancellationToken).ConfigureAwait(false))
        {
            if (scrape.StatusCode != HttpStatusCode.OK)
            {
                output.WriteLine($"  the server has no /metrics ({(int)scrape.StatusCode}); skipped");
            }
            else
            {
                string text = await scrape.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
                foreach ((string format, (double bytes, double bodies)) in PrometheusBodySizes(text, "response").OrderBy(pair => pair.Key, StringComparer.Ordinal))
                {
                    output.WriteLine(string.Create(
                        CultureInfo.InvariantCulture,
                        $"  {format,-12} {bytes,14:N0} B in {bodies,6:N0} responses ({(bodies > 0 ? bytes / bodies : 0),10:N0} B each)"));
                }
            }
        }

        output.WriteLine();
        output.WriteLine("Deadline: GET /minimal/slow?delayMs=5000 with Pack-Timeout 300m:");
        try
        {
            using (PackDeadline.Begin(TimeSpan.FromMilliseconds(300)))
            {
                await http.GetFromPackAsync<Member>("/minimal/slow?delayMs=5000", cancellationToken).ConfigureAwait(false);
            }

            output.WriteLine("  unexpected success");
            return false;
        }
        catch (PackDeadlineExceededException exception)
        {
            output.WriteLine($"  {exception.GetType().Name}: {exception.Message}");
            return true;
        }
    }

    /// <summary>Sums <c>pack_server_body_size_bytes_sum</c>/<c>_count</c> per <c>pack_format</c> for one direction, from Prometheus text.</summary>
    private static Dictionary<string, (double Bytes, double Bodies)> PrometheusBodySizes(string text, string direction)
    {
        var totals = new Dictionary<string, (double Bytes, double Bodies)>(StringComparer.Ordinal);
        foreach (string line in text.Split('\n'))
        {
            bool isSum = line.StartsWith("pack_server_body_size_bytes_sum{", StringComparison.Ordinal);
            bool isCount = line.StartsWith("pack_server_body_size_bytes_count{", StringComparison.Ordinal);
            if ((!isSum && !isCount) || Label(line, "pack_direction") != direction || Label(line, "pack_format") is not { } format)
            {
                continue;
            }

            string number = line[(line.LastIndexOf('}') + 1)..].Trim().Split(' ')[0];
            double value = double.Parse(number, CultureInfo.InvariantCulture);
            (double bytes, double bodies) = totals.GetValueOrDefault(format);
            totals[format] = isSum ? (bytes + value, bodies) : (bytes, bodies + value);
        }

        return totals;
    }

    private static string? Label(string line, string name)
    {
        string key = name + "=\"";
        int start = line.IndexOf(key, StringComparison.Ordinal);
        if (start < 0)
        {
            return null;
        }

        start += key.Length;
        int end = line.IndexOf('"', start);
        return end < 0 ? null : line[start..end];
    }
}
