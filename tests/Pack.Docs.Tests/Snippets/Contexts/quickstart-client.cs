// Context "quickstart-client": the README's client quick start runs here against the test's server.
public static class Snippet
{
    public static async Task Run(HttpClient http, CancellationToken cancellationToken)
    {
// <snippet>
    }
}

public record Forecast(DateOnly Date, int TemperatureC, string? Summary);

public class NewForecast
{
    public DateOnly Date { get; set; }

    public int TemperatureC { get; set; }
}
