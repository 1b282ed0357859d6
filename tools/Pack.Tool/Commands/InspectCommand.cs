using System.Buffers.Binary;
using System.Globalization;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Streaming;
using Pack.Tool.Loading;
using Pack.Tool.Rendering;

namespace Pack.Tool.Commands;

/// <summary>
/// <c>pack inspect &lt;file | hex | URL&gt; --schema &lt;file | URL&gt; [--type T] [--stream] [--json]</c>: decodes a Pack
/// body or stream with a schema and shows every value with its offset, size, bytes and path; says where and why
/// malformed input stops. Exit 0 decoded, 1 malformed.
/// </summary>
internal static class InspectCommand
{
    public static async Task<int> RunAsync(CommandLine line, TextWriter output, HttpMessageHandler? http)
    {
        if (line.Has("--har"))
        {
            return await HarInspectCommand.RunAsync(line, output, http).ConfigureAwait(false);
        }

        line.Only("--schema", "--type", "--stream", "--json");
        if (line.Positional.Count != 1)
        {
            throw new UsageException("inspect takes one input: a file, hex bytes, or a URL");
        }

        string schemaSource = line.One("--schema") ?? throw new UsageException("inspect needs --schema <file | URL> (see pack schema export)");
        var input = await ReadInputAsync(line.Positional[0], http).ConfigureAwait(false);
        var set = await SchemaSources.LoadAsync(schemaSource, [], http).ConfigureAwait(false);
        var schema = Choose(set, line.One("--type"), input.Fingerprint);
        bool stream = line.Has("--stream") || input.IsStream;
        bool json = line.Has("--json");
        return stream ? Stream(schema, input, json, output) : Body(schema, input, json, output);
    }

    internal static int Body(PackSchema schema, Input input, bool json, TextWriter output)
    {
        var value = SchemaDecoder.Decode(schema.Types, 0, input.Bytes, out var error);
        if (json)
        {
            return Json(error, value.ToJson(schema.Types), schema, input.Bytes, 0, output);
        }

        var writer = new AnnotatedJsonWriter(schema, input.Bytes, 0);
        writer.Comment($"{input.Source} · {Plural(input.Bytes.Length, "byte")} · application/x-pack · {schema.Label}");
        writer.Comment($"schema wire {schema.WireFingerprint} · contract {schema.ContractFingerprint}{FingerprintNote(schema, input.Fingerprint)}");
        writer.AddLegend();
        if (input.Bytes.Length > 0)
        {
            writer.Write(value, error is not null);
        }

        if (error is null)
        {
            writer.Comment($"✓ decoded completely: {Plural(writer.ValueCount, "value")} in {Plural(input.Bytes.Length, "byte")}");
        }

        writer.WriteTo(output);
        if (error is not null)
        {
            Malformed(output, error, input.Bytes, 0);
            return ExitCodes.Findings;
        }

        return ExitCodes.Success;
    }

    internal static int Stream(PackSchema schema, Input input, bool json, TextWriter output)
    {
        ReadOnlyMemory<byte> bytes = input.Bytes;
        var errorSchema = PackSchema.For(typeof(PackStreamError));
        var writer = new AnnotatedJsonWriter(schema, bytes, 0);
        var items = new JsonArray();
        JsonNode? producerError = null;
        if (!json)
        {
            writer.Comment($"{input.Source} · {Plural(bytes.Length, "byte")} · application/x-pack-stream of {schema.Label}");
            writer.Comment($"schema wire {schema.WireFingerprint} · contract {schema.ContractFingerprint}{FingerprintNote(schema, input.Fingerprint)}");
            writer.WriteTo(output);
        }

        int position = 0;
        int frame = 0;
        PackException? problem = null;
        string outcome = "malformed";
        while (problem is null)
        {
            if (position == bytes.Length)
            {
                problem = new PackException($"truncated: the stream stops after {Plural(frame, "frame")} without an End or Error frame", position);
                break;
            }

            if (bytes.Length - position < PackStream.FrameHeaderLength)
            {
                // A cut-off stream fails where the bytes stop (docs/wire-format.md §10, error offsets).
                problem = new PackException($"truncated: a frame header needs 5 bytes, {bytes.Length - position} remain", bytes.Length);
                break;
            }

            var header = bytes.Span.Slice(position, PackStream.FrameHeaderLength);
            byte kind = header[0];
            int declared = BinaryPrimitives.ReadInt32LittleEndian(header[1..]);
            string head = Convert.ToHexStringLower(header).Insert(2, " ");
            string kindName = kind switch { 1 => "Item", 2 => "End", 3 => "Error", _ => $"unknown kind {kind}" };
            if (!json)
            {
                writer.Comment($"── frame {frame} · {kindName} · @{position} · payload {Plural(Math.Max(declared, 0), "byte")} · header {head}");
                writer.WriteTo(output);
            }

            int length;
            try
            {
                // The header rules and offsets of §10, as every .NET reader of frames checks them.
                _ = PackStream.ReadFrameHeader(header, position, PackSerializerOptions.Default.MaxPayloadLength, out length);
            }
            catch (PackException exception)
            {
                problem = exception;
                break;
            }

            int payloadStart = position + PackStream.FrameHeaderLength;
            if (kind == (byte)PackFrameKind.End)
            {
                outcome = "end";
                if (!json)
                {
                    writer.Comment($"✓ the stream ended normally: {Plural(frame, "item")}{Trailing(bytes.Length - payloadStart)}");
                }

                break;
            }

            if (length > bytes.Length - payloadStart)
            {
                problem = new PackException($"truncated: the frame's payload has {length} bytes, {bytes.Length - payloadStart} remain", bytes.Length);
                break;
            }

            // An Item frame of length 0 reads as an empty payload: truncated at its first byte (§1, §10).
            var frameSchema = kind == 3 ? errorSchema : schema;
            var payload = bytes.Slice(payloadStart, length);
            var value = SchemaDecoder.Decode(frameSchema.Types, 0, payload, out var error);
            if (json)
            {
                if (kind == 1)
                {
                    items.Add(value.ToJson(frameSchema.Types));
                }
                else
                {
                    producerError = value.ToJson(frameSchema.Types);
                }
            }
            else
            {
                var frameWriter = new AnnotatedJsonWriter(frameSchema, bytes.Slice(payloadStart, length), payloadStart);
                frameWriter.Write(value, error is not null);
                frameWriter.WriteTo(output);
            }

            if (error is not null)
            {
                problem = new PackException($"{(kind == 3 ? "the Error frame's payload is not a valid PackStreamError" : $"item {frame}")}: {StripOffset(error)}", payloadStart + error.Offset);
                break;
            }

            position = payloadStart + length;
            frame++;
            if (kind == 3)
            {
                outcome = "error";
                if (!json)
                {
                    var status = value.ToJson(errorSchema.Types)?["Status"];
                    var title = value.ToJson(errorSchema.Types)?["Title"];
                    writer.Comment($"✗ the producer failed (Error frame: status {status?.ToJsonString() ?? "500"}, {title?.ToJsonString() ?? "no title"}) after {Plural(frame - 1, "item")}; the stream is well formed{Trailing(bytes.Length - position)}");
                }

                break;
            }
        }

        if (json)
        {
            var document = new JsonObject { ["outcome"] = problem is null ? outcome : "malformed", ["items"] = items };
            if (producerError is not null)
            {
                document["error"] = producerError;
            }

            if (problem is not null)
            {
                document["malformed"] = new JsonObject { ["offset"] = problem.Offset, ["reason"] = StripOffset(problem) };
            }

            output.WriteLine(document.ToJsonString(new JsonSerializerOptions { WriteIndented = true, MaxDepth = 256, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }));
            return problem is null ? ExitCodes.Success : ExitCodes.Findings;
        }

        writer.WriteTo(output);
        if (problem is not null)
        {
            Malformed(output, problem, bytes, 0);
            return ExitCodes.Findings;
        }

        return ExitCodes.Success;
    }

    private static int Json(PackException? error, JsonNode? value, PackSchema schema, ReadOnlyMemory<byte> bytes, int baseOffset, TextWriter output)
    {
        if (error is not null)
        {
            Malformed(output, error, bytes, baseOffset);
            return ExitCodes.Findings;
        }

        output.WriteLine(value?.ToJsonString(new JsonSerializerOptions { WriteIndented = true, MaxDepth = 256, Encoder = System.Text.Encodings.Web.JavaScriptEncoder.UnsafeRelaxedJsonEscaping }) ?? "null");
        _ = schema;
        return ExitCodes.Success;
    }

    private static void Malformed(TextWriter output, PackException error, ReadOnlyMemory<byte> bytes, int baseOffset)
    {
        int offset = (int)Math.Clamp(error.Offset, 0, bytes.Length);
        output.WriteLine($"// ✗ malformed at @{baseOffset + offset}: {StripOffset(error)}");
        int from = Math.Max(0, offset - 8);
        int to = Math.Min(bytes.Length, offset + 8);
        var context = new StringBuilder();
        for (int i = from; i < to; i++)
        {
            string hex = bytes.Span[i].ToString("x2", CultureInfo.InvariantCulture);
            context.Append(i == offset ? "[" + hex + "]" : hex).Append(' ');
        }

        if (offset == bytes.Length)
        {
            context.Append("[end]");
        }

        output.WriteLine($"//   bytes @{baseOffset + from}: {context.ToString().TrimEnd()}");
    }

    internal static string StripOffset(PackException error)
    {
        string suffix = $" (at byte offset {error.Offset})";
        return error.Message.EndsWith(suffix, StringComparison.Ordinal) ? error.Message[..^suffix.Length] : error.Message;
    }

    private static string Trailing(int count) => count > 0 ? $" ({Plural(count, "byte")} after it are not part of the stream)" : string.Empty;

    private static string Plural(int count, string noun) => $"{count} {noun}{(count == 1 ? string.Empty : "s")}";

    private static string FingerprintNote(PackSchema schema, string? fingerprint) => fingerprint is null
        ? string.Empty
        : fingerprint == schema.WireFingerprint ? " · the response's Pack-Schema matches" : $" · ⚠ the response's Pack-Schema is {fingerprint}, not this schema's";

    private static PackSchema Choose(PackSchemaSet set, string? type, string? fingerprint)
    {
        if (type is not null)
        {
            return set.Find(type) ?? throw new UsageException($"the schema has no type '{type}'; it has: {string.Join(", ", set.Schemas.Select(s => s.Label))}");
        }

        if (set.Schemas.Count == 1)
        {
            return set.Schemas[0];
        }

        if (fingerprint is not null && set.Find(fingerprint) is { } matched)
        {
            return matched;
        }

        throw new UsageException($"the schema describes {set.Schemas.Count} types; choose one with --type: {string.Join(", ", set.Schemas.Select(s => s.Label))}");
    }

    private static async Task<Input> ReadInputAsync(string source, HttpMessageHandler? http)
    {
        if (SchemaSources.IsUrl(source))
        {
            using var client = http is null ? new HttpClient() : new HttpClient(http, disposeHandler: false);
            client.Timeout = TimeSpan.FromSeconds(30);
            using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(source));
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.Pack));
            request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(PackMediaTypes.PackStream));
            using var response = await client.SendAsync(request).ConfigureAwait(false);
            byte[] body = await response.Content.ReadAsByteArrayAsync().ConfigureAwait(false);
            string? mediaType = response.Content.Headers.ContentType?.MediaType;
            if (mediaType is not (PackMediaTypes.Pack or PackMediaTypes.PackStream))
            {
                throw new UsageException($"{source} answered {(int)response.StatusCode} with {mediaType ?? "no content type"}, not Pack: {Encoding.UTF8.GetString(body.AsSpan(0, Math.Min(body.Length, 300)))}");
            }

            string? fingerprint = response.Headers.TryGetValues("Pack-Schema", out var values) ? values.FirstOrDefault() : null;
            return new Input($"GET {source} → {(int)response.StatusCode}", body, mediaType == PackMediaTypes.PackStream, fingerprint);
        }

        if (File.Exists(source))
        {
            return new Input(Path.GetFileName(source), await File.ReadAllBytesAsync(source).ConfigureAwait(false), false, null);
        }

        string hex = new([.. source.Where(c => !char.IsWhiteSpace(c) && c != '_' && c != ':')]);
        if (hex.StartsWith("0x", StringComparison.OrdinalIgnoreCase))
        {
            hex = hex[2..];
        }

        if (hex.Length % 2 == 0 && hex.All(char.IsAsciiHexDigit))
        {
            return new Input("hex input", Convert.FromHexString(hex), false, null);
        }

        throw new UsageException($"'{source}' is not a file, a URL or hex bytes");
    }

    internal sealed record Input(string Source, byte[] Bytes, bool IsStream, string? Fingerprint);
}
