using System.ComponentModel.DataAnnotations;

namespace Pack.Client.Tests.Infrastructure;

public sealed class Item
{
    public int Id { get; set; }

    [Required]
    [StringLength(10_000_000)]
    public string? Name { get; set; }

    public double Price { get; set; }

    public List<string> Tags { get; set; } = [];
}
