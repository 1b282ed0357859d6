using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using MemoryPack;
using MessagePack;
using Pack.Benchmarks.Peers;
using Pack.Benchmarks.Peers.Contracts;
using Pack.Benchmarks.Workloads;

namespace Pack.Benchmarks.OneShot;

/// <summary>
/// The <c>--oneshot</c> console mode: seed 004's Stopwatch run. W4 with 1,000,000 members is serialized to a byte array
/// and deserialized once per peer, printing time and bytes as the seed did. Each peer first runs once on 1,000 members
/// so that the timed run measures JIT-compiled code rather than the first calls.
/// </summary>
public static class OrganizationOneShot
{
    private const int DefaultMembers = 1_000_000;
    private const int WarmupMembers = 1_000;
    private static readonly MessagePackSerializerOptions Lz4 = MessagePackSerializerOptions.Standard.WithCompression(MessagePackCompression.Lz4BlockArray);

    /// <summary>Runs the mode; <c>--members N</c> changes the size. Returns the process exit code.</summary>
    public static int Run(string[] args)
    {
        var members = DefaultMembers;
        var index = Array.IndexOf(args, "--members");
        if (index >= 0 && (index + 1 >= args.Length || !int.TryParse(args[index + 1], NumberStyles.None, CultureInfo.InvariantCulture, out members)))
        {
            Console.Error.WriteLine("usage: --oneshot [--members N]");
            return 2;
        }

        var peers = new OneShotPeer[]
        {
            new("Json", o => JsonSerializer.SerializeToUtf8Bytes(o, JsonPeer.Options), b => JsonSerializer.Deserialize<Organization>(b, JsonPeer.Options)?.Members?.Count),
            new("Binary", SerializeBinary, b => DeserializeBinary(b).Members?.Count),
            new("Protobuf", o => SerializeProtobuf(ContractMapper.ToContract(o)), b => ProtoBuf.Serializer.Deserialize<OrganizationContract>(b.AsSpan()).Members?.Count),
            new("MessagePack", o => MessagePackSerializer.Serialize(ContractMapper.ToContract(o), MessagePackSerializerOptions.Standard), b => MessagePackSerializer.Deserialize<OrganizationContract>(b, MessagePackSerializerOptions.Standard).Members?.Count),
            new("MessagePackLz4", o => MessagePackSerializer.Serialize(ContractMapper.ToContract(o), Lz4), b => MessagePackSerializer.Deserialize<OrganizationContract>(b, Lz4).Members?.Count),
            new("MemoryPack", o => MemoryPackSerializer.Serialize(ContractMapper.ToContract(o)), b => MemoryPackSerializer.Deserialize<OrganizationContract>(b)?.Members?.Count),
            new("Pack", o => PackSerializer.Serialize(o), b => PackSerializer.Deserialize<Organization>(b)?.Members?.Count),
        };

        Log($"W4_Organization one-shot: {members:N0} members, {Environment.ProcessorCount} cores, .NET {Environment.Version}");
        Log("Protobuf (protobuf-net), MessagePack and MemoryPack: the POCO is copied into the attributed copy inside the timed serialize.");
        var warmup = WorkloadData.Organization(WarmupMembers);
        var organization = WorkloadData.Organization(members);
        var rows = new List<string>();
        var failed = false;
        foreach (var peer in peers)
        {
            try
            {
                peer.Deserialize(peer.Serialize(warmup));
                Collect();

                var stopwatch = Stopwatch.StartNew();
                var bytes = peer.Serialize(organization);
                var serializeMs = stopwatch.ElapsedMilliseconds;
                Log($"{peer.Name} Serialize {serializeMs}ms {bytes.Length}byte");
                Collect();

                stopwatch.Restart();
                var count = peer.Deserialize(bytes);
                var deserializeMs = stopwatch.ElapsedMilliseconds;
                Log($"{peer.Name} Deserialize {deserializeMs}ms {count} members");
                if (count != members)
                {
                    Log($"{peer.Name} FAILED: read back {count} members, expected {members}");
                    failed = true;
                }

                rows.Add($"| {peer.Name} | {bytes.Length:N0} | {serializeMs} ms | {deserializeMs} ms |");
            }
            catch (Exception exception) when (exception is not OutOfMemoryException)
            {
                // One peer failing (Pack before its implementation lands, say) must not hide the others' figures.
                Log($"{peer.Name} FAILED: {exception.GetType().Name}: {exception.Message}");
                rows.Add($"| {peer.Name} | failed | {exception.GetType().Name} | |");
                failed = true;
            }

            Collect();
        }

        Console.WriteLine();
        Console.WriteLine("| serializer | bytes | serialize | deserialize |");
        Console.WriteLine("|---|---|---|---|");
        rows.ForEach(Console.WriteLine);
        return failed ? 1 : 0;
    }

    private static byte[] SerializeBinary(Organization organization)
    {
        using var stream = new MemoryStream();
        using (var writer = new BinaryWriter(stream))
        {
            BinaryCodec.Write(writer, organization);
        }

        return stream.ToArray();
    }

    private static byte[] SerializeProtobuf(OrganizationContract organization)
    {
        using var stream = new MemoryStream();
        ProtoBuf.Serializer.Serialize(stream, organization);
        return stream.ToArray();
    }

    private static Organization DeserializeBinary(byte[] bytes)
    {
        using var reader = new BinaryReader(new MemoryStream(bytes, writable: false));
        return BinaryCodec.ReadOrganization(reader);
    }

    private static void Collect()
    {
        GC.Collect();
        GC.WaitForPendingFinalizers();
        GC.Collect();
    }

    private static void Log(string message) =>
        Console.WriteLine($"{DateTime.Now.ToString("yyyy-MM-dd HH:mm:ss fff", CultureInfo.InvariantCulture)}: {message}");

    private sealed record OneShotPeer(string Name, Func<Organization, byte[]> Serialize, Func<byte[], int?> Deserialize);
}
