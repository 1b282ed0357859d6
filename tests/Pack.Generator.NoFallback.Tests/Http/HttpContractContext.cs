using Pack.Client.Tests.Schema;

namespace Pack.Generator.NoFallback.Tests.Http;

/// <summary>The generated context of the HTTP schema tests; <see cref="ClientOrderLine"/> is reached, not a root.</summary>
[PackSerializable(typeof(ServerOrder))]
[PackSerializable(typeof(ServerOrderAppended))]
[PackSerializable(typeof(ServerOrderRetyped))]
[PackSerializable(typeof(ClientOrder))]
[PackSerializable(typeof(ClientOrderRetyped))]
[PackSerializable(typeof(ClientBatch))]
internal sealed partial class HttpContractContext : PackSerializerContext;
