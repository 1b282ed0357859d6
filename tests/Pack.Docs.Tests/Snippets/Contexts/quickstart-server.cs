// Context "quickstart-server": the README's server quick start runs here with the test's WebApplicationBuilder.
public static class Snippet
{
    public static void Run(global::Microsoft.AspNetCore.Builder.WebApplicationBuilder builder)
    {
// <snippet>
    }
}
