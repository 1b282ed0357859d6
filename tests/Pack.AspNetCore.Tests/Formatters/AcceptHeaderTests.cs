using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using Microsoft.AspNetCore.Routing;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary>The negotiation of minimal-API results: what Pack-or-JSON answer each <c>Accept</c> and query gets, and what it costs.</summary>
public sealed class AcceptHeaderTests
{
    [Theory]
    [InlineData("application/x-pack", true)]
    [InlineData(" APPLICATION/X-PACK ", true)]
    [InlineData("application/x-pack-stream", true)]
    [InlineData("application/json", false)]
    [InlineData("text/json", false)]
    [InlineData("application/x-pack;q=0", false)]
    [InlineData("application/x-pack; charset=binary", true)]
    [InlineData("application/json;q=0.5, application/x-pack", true)]
    [InlineData("application/x-pack;q=0.5, application/json", false)]
    [InlineData("application/x-pack, application/json;q=0.9", true)]
    [InlineData("application/x-pack;q=0.8, application/json;Q=0.9", false)]
    [InlineData("text/html, application/x-pack;q=0.1", true)]
    [InlineData("application/x-pack, */*", false)]
    [InlineData("*/*", false)]
    [InlineData("application/*", false)]
    [InlineData("text/csv", false)]
    [InlineData("", false)]
    public void PrefersPack_Accept_FollowsTheNegotiationRules(string accept, bool expected)
    {
        var context = new DefaultHttpContext();
        context.Request.Headers.Accept = accept;

        Assert.Equal(expected, AcceptHeader.PrefersPack(context.Request));
    }

    [Theory]
    [InlineData("?format=pack", true)]
    [InlineData("?FORMAT=Pack", true)]
    [InlineData("?%66ormat=pack", true)]
    [InlineData("?format=json", false)]
    [InlineData("?other=pack", false)]
    [InlineData("", false)]
    public void PrefersPack_FormatQueryWithJsonAccept_FollowsTheQuery(string query, bool expected)
    {
        var context = new DefaultHttpContext();
        context.Request.Headers.Accept = "application/json";
        context.Request.QueryString = new QueryString(query);

        Assert.Equal(expected, AcceptHeader.PrefersPack(context.Request));
    }

    [Fact]
    public void PrefersPack_FormatRouteValue_IsPack()
    {
        var context = new DefaultHttpContext();
        context.Request.Headers.Accept = "application/json";
        context.Features.Set<IRouteValuesFeature>(new RouteValuesFeature { RouteValues = new RouteValueDictionary { ["format"] = "pack" } });

        Assert.True(AcceptHeader.PrefersPack(context.Request));
    }

    [Theory]
    [InlineData("application/x-pack")]
    [InlineData("application/json")]
    [InlineData("application/x-pack, application/json;q=0.9")]
    [InlineData("application/json;q=0.9,application/x-pack;q=1")]
    [InlineData(" application/x-pack ; q=0.5 ,\ttext/json ")]
    [InlineData("text/html, application/xhtml+xml;q=0.9, application/x-pack;q=0.8")]
    [InlineData("application/x-pack;q=1.5, application/json")]
    [InlineData("application/x-pack;q=\"0.5\", application/json")]
    [InlineData("application/x-pack;charset=x, application/json;q=0.9")]
    [InlineData("application/x-pack;q=0, application/json;q=0")]
    [InlineData("application/x-pack,,application/json")]
    [InlineData("text/ht ml, application/x-pack")]
    [InlineData("application/x-pack-stream;q=0.9, text/json")]
    [InlineData("application/problem+json, application/x-pack;q=0.5")]
    [InlineData("APPLICATION/JSON, APPLICATION/X-PACK")]
    [InlineData("application/x-pack;q=0.50, application/json;q=0.5")]
    [InlineData("application/x-pack;q=.5, application/json;q=0.4")]
    [InlineData("application/x-pack;q=0.1234, application/json;q=0.5")]
    [InlineData("application/x-pack;q=1.000, application/json;q=0.999")]
    [InlineData("")]
    public void Scan_AnyAccept_AgreesWithTheParsedRulesWhenItAnswers(string accept)
    {
        var scanned = AcceptHeader.Scan(accept);

        if (scanned is { } answer)
        {
            Assert.Equal(AcceptHeader.PrefersPackParsed(accept), answer);
        }
    }

    [Theory]
    [InlineData("application/x-pack, application/json;q=0.9", true)]
    [InlineData(" application/x-pack ; q=0.5 ,\ttext/json ", false)]
    [InlineData("application/*", null)]
    [InlineData("application/x-pack;charset=x", null)]
    [InlineData("application/problem+json", null)]
    public void Scan_Accept_AnswersOrDefersToTheParser(string accept, bool? expected)
    {
        Assert.Equal(expected, AcceptHeader.Scan(accept));
    }

    [Theory]
    [InlineData("application/x-pack")]
    [InlineData("application/json")]
    [InlineData("application/x-pack, application/json;q=0.9")]
    public void PrefersPack_PlainMediaTypesNoQuery_AllocatesNothing(string accept)
    {
        var context = new DefaultHttpContext();
        context.Request.Headers.Accept = accept;
        AcceptHeader.PrefersPack(context.Request);

        long before = GC.GetAllocatedBytesForCurrentThread();
        AcceptHeader.PrefersPack(context.Request);
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(0, allocated);
        Assert.Null(context.Features.Get<IQueryFeature>());
    }
    [Theory]
    [InlineData("application/x-pack", true)]
    [InlineData("APPLICATION/X-PACK", true)]
    [InlineData("application/x-pack-stream", true)]
    [InlineData("application/x-pack, application/json;q=0.9", true)]
    [InlineData("application/x-pack-stream, application/x-pack, application/json;q=0.9", true)]
    [InlineData("application/json", false)]
    [InlineData("application/x-pack;q=0", false)]
    [InlineData("application/x-pack, */*", false)]
    [InlineData("application/x-pack, application/json;q=0.9, */*", false)]
    [InlineData("", false)]
    [InlineData(null, false)]
    public void IsPackClientAccept_Accept_AnswersOnlyWhereTheParsedRulesPreferPack(string? accept, bool expected)
    {
        Assert.Equal(expected, AcceptHeader.IsPackClientAccept(accept));
        if (expected)
        {
            Assert.True(AcceptHeader.PrefersPackParsed(accept));
        }
    }

    [Theory]
    [InlineData("application/x-pack", "?format=json", true)]
    [InlineData("application/x-pack, application/json;q=0.9", "?format=json", true)]
    [InlineData("application/json", "?format=pack", true)]
    [InlineData("application/json", "?format=json", false)]
    public void PrefersPack_AcceptAndFormatQuery_PackWhenEitherAsksForIt(string accept, string query, bool expected)
    {
        var context = new DefaultHttpContext();
        context.Request.Headers.Accept = accept;
        context.Request.QueryString = new QueryString(query);

        Assert.Equal(expected, AcceptHeader.PrefersPack(context.Request));
    }
}
