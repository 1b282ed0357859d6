using Microsoft.Extensions.Primitives;

namespace Pack.AspNetCore.Tests.Caching;

public sealed class HeaderListTests
{
    [Theory]
    [InlineData("Accept", true)]
    [InlineData("accept", true)]
    [InlineData(" Accept ", true)]
    [InlineData("Origin,Accept", true)]
    [InlineData("Origin , \tACCEPT\t, Cookie", true)]
    [InlineData("Accept-Encoding", false)]
    [InlineData("Accept-Language, Accept-Encoding", false)]
    [InlineData("X-Accept", false)]
    [InlineData("Accepts", false)]
    [InlineData("", false)]
    [InlineData(",,", false)]
    public void Contains_OneValue_ComparesMembersWhole(string list, bool expected) =>
        Assert.Equal(expected, HeaderList.Contains(new StringValues(list), "Accept"));

    [Fact]
    public void Contains_SeveralValues_LooksInEach() =>
        Assert.True(HeaderList.Contains(new StringValues(["Accept-Encoding", "Origin, Accept"]), "Accept"));

    [Fact]
    public void Add_MemberMissing_AppendsValue() =>
        Assert.Equal(new StringValues(["Accept-Encoding", "Accept"]), HeaderList.Add("Accept-Encoding", "Accept"));

    [Fact]
    public void Add_MemberPresent_ReturnsValuesUnchanged() =>
        Assert.Equal(new StringValues("Accept-Encoding, accept"), HeaderList.Add("Accept-Encoding, accept", "Accept"));

    [Fact]
    public void Add_Empty_ReturnsToken() =>
        Assert.Equal(new StringValues("Accept"), HeaderList.Add(StringValues.Empty, "Accept"));
}
