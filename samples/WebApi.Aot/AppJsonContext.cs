using System.Text.Json;
using System.Text.Json.Serialization;
using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Aot;

/// <summary>The JSON contracts of the endpoints, generated at compile time: browsers and JSON clients still get JSON under Native AOT.</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web)]
[JsonSerializable(typeof(Order))]
[JsonSerializable(typeof(List<Order>))]
[JsonSerializable(typeof(CreateOrderRequest))]
[JsonSerializable(typeof(Organization))]
[JsonSerializable(typeof(Member))]
[JsonSerializable(typeof(IAsyncEnumerable<Member>))]
internal sealed partial class AppJsonContext : JsonSerializerContext;
