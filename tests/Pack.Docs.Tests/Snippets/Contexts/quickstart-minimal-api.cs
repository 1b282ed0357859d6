// Context "quickstart-minimal-api": the README's minimal-API quick start maps its endpoints on the test's app.
public static class Snippet
{
    public static void Run(global::Microsoft.AspNetCore.Builder.WebApplication app)
    {
// <snippet>
    }

    private static async IAsyncEnumerable<Forecast> Upcoming(int days, [global::System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        for (int i = 0; i < days; i++)
        {
            await Task.Yield();
            cancellationToken.ThrowIfCancellationRequested();
            yield return new Forecast(new DateOnly(2026, 11, 22).AddDays(i), 10 + i, null);
        }
    }
}

public record Forecast(DateOnly Date, int TemperatureC, string? Summary);

public class NewForecast
{
    public DateOnly Date { get; set; }

    public int TemperatureC { get; set; }
}
