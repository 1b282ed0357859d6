using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Aot;

/// <summary>
/// The Pack formatters of the endpoints' bodies, generated at compile time by Pack's source generator (with those of every
/// type they reach: order lines, the status enum, member lists). The contracts themselves carry no attributes.
/// </summary>
[PackSerializable(typeof(Order))]
[PackSerializable(typeof(List<Order>))]
[PackSerializable(typeof(CreateOrderRequest))]
[PackSerializable(typeof(Organization))]
[PackSerializable(typeof(Member))]
internal partial class AppPackContext : PackSerializerContext;
