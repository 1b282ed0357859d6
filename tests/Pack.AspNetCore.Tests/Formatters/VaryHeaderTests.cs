using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.Primitives;

namespace Pack.AspNetCore.Tests.Formatters;

/// <summary><c>Vary: Accept</c> on negotiated responses: added once, next to whatever else the response varies on.</summary>
public sealed class VaryHeaderTests
{
    [Fact]
    public void AddAccept_NoVary_SetsAccept()
    {
        var context = new DefaultHttpContext();

        VaryHeader.AddAccept(context.Response);

        Assert.Equal(new StringValues("Accept"), context.Response.Headers.Vary);
    }

    [Fact]
    public void AddAccept_OtherVary_AppendsAccept()
    {
        var context = new DefaultHttpContext();
        context.Response.Headers.Vary = "Origin";

        VaryHeader.AddAccept(context.Response);

        Assert.Equal(new StringValues(["Origin", "Accept"]), context.Response.Headers.Vary);
    }

    [Theory]
    [InlineData("Accept-Encoding")]
    [InlineData("Accept-Language, Origin")]
    [InlineData("X-Accept")]
    public void AddAccept_VaryNamesOnlyLongerHeaders_AppendsAccept(string vary)
    {
        var context = new DefaultHttpContext();
        context.Response.Headers.Vary = vary;

        VaryHeader.AddAccept(context.Response);

        Assert.Equal(new StringValues([vary, "Accept"]), context.Response.Headers.Vary);
    }

    [Theory]
    [InlineData("accept")]
    [InlineData("Origin, Accept")]
    [InlineData("Accept-Encoding,Accept")]
    [InlineData("*")]
    public void AddAccept_AcceptAlreadyThere_LeavesVaryAlone(string vary)
    {
        var context = new DefaultHttpContext();
        context.Response.Headers.Vary = vary;

        VaryHeader.AddAccept(context.Response);
        VaryHeader.AddAccept(context.Response);

        Assert.Equal(new StringValues(vary), context.Response.Headers.Vary);
    }
}
