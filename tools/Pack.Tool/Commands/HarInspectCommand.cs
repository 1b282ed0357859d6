using System.Globalization;
using System.Text;
using System.Text.Encodings.Web;
using System.Text.Json;
using System.Text.Json.Nodes;
using Pack.Schema;
using Pack.Tool.Loading;

namespace Pack.Tool.Commands;

/// <summary>
/// <c>pack inspect --har file.har --schema &lt;file | URL&gt; [--type T] [--json]</c>: decodes every Pack body (requests and
/// responses, <c>application/x-pack</c> and <c>application/x-pack-stream</c>) of a HAR 1.2 file, as Chromium's DevTools
/// and Playwright's <c>recordHar</c> write it: bodies as text, base64 (<c>"encoding": "base64"</c>) or, with Playwright's
/// <c>content: "attach"</c>, a file beside the HAR (<c>_file</c>). Each body's schema is the one its <c>Pack-Schema</c>
/// header names, else <c>--type</c> (or the schema's only type). A HAR that is not one is a usage error (2); an entry
/// that is malformed, a body that does not decode or whose schema is unknown is a finding (1) and the rest go on.
/// Memory is bounded by <see cref="MaxHarBytes"/> (the file) and the size of the largest body.
/// </summary>
internal static class HarInspectCommand
{
    /// <summary>The largest HAR file, and the largest attached body, read: 256 MiB.</summary>
    public const long MaxHarBytes = 256L * 1024 * 1024;

    private static readonly JsonSerializerOptions Indented = new() { WriteIndented = true, MaxDepth = 256, Encoder = JavaScriptEncoder.UnsafeRelaxedJsonEscaping };

    public static async Task<int> RunAsync(CommandLine line, TextWriter output, HttpMessageHandler? http)
    {
        line.Only("--har", "--schema", "--type", "--json");
        if (line.Positional.Count != 0)
        {
            throw new UsageException("inspect --har takes the HAR file and no other input");
        }

        string path = line.One("--har")!;
        string schemaSource = line.One("--schema") ?? throw new UsageException("inspect --har needs --schema <file | URL> (see pack schema export)");
        var set = await SchemaSources.LoadAsync(schemaSource, [], http).ConfigureAwait(false);
        PackSchema? fallback = line.One("--type") is { } type
            ? set.Find(type) ?? throw new UsageException($"the schema has no type '{type}'; it has: {string.Join(", ", set.Schemas.Select(s => s.Label))}")
            : set.Schemas.Count == 1 ? set.Schemas[0] : null;
        bool json = line.Has("--json");

        using var har = await ReadAsync(path).ConfigureAwait(false);
        var entries = Entries(har.RootElement, path);
        string directory = Path.GetDirectoryName(Path.GetFullPath(path))!;
        var exchanges = new JsonArray();
        int bodies = 0;
        int findings = 0;
        for (int i = 0; i < entries.Count; i++)
        {
            var entry = entries[i];
            string method = Text(entry, "request", "method") ?? "?";
            string url = Text(entry, "request", "url") ?? "?";
            int status = entry.TryGetProperty("response", out var responseElement) && responseElement.ValueKind == JsonValueKind.Object
                && responseElement.TryGetProperty("status", out var statusElement) && statusElement.TryGetInt32(out int code) ? code : 0;
            foreach (string direction in (string[])["request", "response"])
            {
                if (!entry.TryGetProperty(direction, out var side) || side.ValueKind != JsonValueKind.Object)
                {
                    continue;
                }

                var body = Body(side, direction == "request");
                if (body.MediaType is not (PackMediaTypes.Pack or PackMediaTypes.PackStream))
                {
                    continue;
                }

                bodies++;
                string where = $"entry {i.ToString(CultureInfo.InvariantCulture)} · {method} {url} → {status.ToString(CultureInfo.InvariantCulture)} · {direction}";
                string? fingerprint = Header(side, PackSchema.HeaderName);
                var exchange = new JsonObject
                {
                    ["entry"] = i,
                    ["method"] = method,
                    ["url"] = url,
                    ["status"] = status,
                    ["direction"] = direction,
                    ["mediaType"] = body.MediaType,
                    ["fingerprint"] = fingerprint,
                };
                exchanges.Add(exchange);

                byte[]? bytes = null;
                string? problem = body.Problem;
                if (problem is null)
                {
                    bytes = Bytes(body, directory, out problem);
                }

                var schema = fingerprint is not null ? set.Find(fingerprint) : fallback;
                if (problem is null && schema is null)
                {
                    problem = fingerprint is not null
                        ? $"unknown schema fingerprint {fingerprint}: the schema has {string.Join(", ", set.Schemas.Select(s => $"{s.Label} ({s.WireFingerprint})"))}"
                        : $"no Pack-Schema header, and the schema describes {set.Schemas.Count} types: choose one with --type";
                }

                if (problem is not null)
                {
                    findings++;
                    exchange["problem"] = problem;
                    if (!json)
                    {
                        output.WriteLine($"// ── {where} · {body.MediaType}");
                        output.WriteLine($"// ✗ not decoded: {problem}");
                        output.WriteLine();
                    }

                    continue;
                }

                exchange["schema"] = schema!.Label;
                exchange["bytes"] = bytes!.Length;
                bool stream = body.MediaType == PackMediaTypes.PackStream;
                var input = new InspectCommand.Input($"HAR {where}", bytes, stream, fingerprint);
                int exit;
                if (json)
                {
                    exit = stream ? StreamJson(schema, input, exchange) : BodyJson(schema, bytes, exchange);
                }
                else
                {
                    output.WriteLine($"// ── {where}");
                    exit = stream ? InspectCommand.Stream(schema, input, json: false, output) : InspectCommand.Body(schema, input, json: false, output);
                    output.WriteLine();
                }

                if (exit != ExitCodes.Success)
                {
                    findings++;
                }
            }
        }

        if (json)
        {
            var document = new JsonObject { ["har"] = path, ["entries"] = entries.Count, ["packBodies"] = bodies, ["findings"] = findings, ["exchanges"] = exchanges };
            output.WriteLine(document.ToJsonString(Indented));
        }
        else
        {
            output.WriteLine($"// {path}: {entries.Count} entr{(entries.Count == 1 ? "y" : "ies")}, {bodies} Pack bod{(bodies == 1 ? "y" : "ies")}, {findings} not decoded completely");
        }

        return findings == 0 ? ExitCodes.Success : ExitCodes.Findings;
    }

    private static int BodyJson(PackSchema schema, byte[] bytes, JsonObject exchange)
    {
        var value = SchemaDecoder.Decode(schema.Types, 0, bytes, out var error);
        exchange["value"] = value.ToJson(schema.Types);
        if (error is null)
        {
            return ExitCodes.Success;
        }

        exchange["malformed"] = new JsonObject { ["offset"] = error.Offset, ["reason"] = InspectCommand.StripOffset(error) };
        return ExitCodes.Findings;
    }

    private static int StreamJson(PackSchema schema, InspectCommand.Input input, JsonObject exchange)
    {
        // inspect's own stream report (outcome, items, error, malformed), as `pack inspect --stream --json` prints it.
        using var text = new StringWriter(CultureInfo.InvariantCulture);
        int exit = InspectCommand.Stream(schema, input, json: true, text);
        foreach (var (name, node) in JsonNode.Parse(text.ToString(), documentOptions: new JsonDocumentOptions { MaxDepth = 256 })!.AsObject().ToArray())
        {
            exchange[name] = node?.DeepClone();
        }

        return exit;
    }

    private static async Task<JsonDocument> ReadAsync(string path)
    {
        if (!File.Exists(path))
        {
            throw new UsageException($"no such file: {path}");
        }

        long length = new FileInfo(path).Length;
        if (length > MaxHarBytes)
        {
            throw new UsageException($"{path} has {length} bytes; a HAR file of at most {MaxHarBytes} bytes is read");
        }

        var stream = File.OpenRead(path);
        await using (stream.ConfigureAwait(false))
        {
            try
            {
                return await JsonDocument.ParseAsync(stream, new JsonDocumentOptions { MaxDepth = 64 }).ConfigureAwait(false);
            }
            catch (JsonException exception)
            {
                throw new UsageException($"{path} is not a HAR file: not JSON ({exception.Message})");
            }
        }
    }

    private static List<JsonElement> Entries(JsonElement root, string path)
    {
        if (root.ValueKind != JsonValueKind.Object || !root.TryGetProperty("log", out var log) || log.ValueKind != JsonValueKind.Object
            || !log.TryGetProperty("entries", out var entries) || entries.ValueKind != JsonValueKind.Array)
        {
            throw new UsageException($"{path} is not a HAR file: it has no log.entries array");
        }

        var list = new List<JsonElement>();
        foreach (var entry in entries.EnumerateArray())
        {
            if (entry.ValueKind == JsonValueKind.Object)
            {
                list.Add(entry);
            }
        }

        return list;
    }

    private static string? Text(JsonElement entry, string side, string name) =>
        entry.TryGetProperty(side, out var element) && element.ValueKind == JsonValueKind.Object
        && element.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    private static string? Header(JsonElement side, string name)
    {
        if (!side.TryGetProperty("headers", out var headers) || headers.ValueKind != JsonValueKind.Array)
        {
            return null;
        }

        foreach (var header in headers.EnumerateArray())
        {
            if (header.ValueKind == JsonValueKind.Object
                && header.TryGetProperty("name", out var headerName) && headerName.ValueKind == JsonValueKind.String
                && string.Equals(headerName.GetString(), name, StringComparison.OrdinalIgnoreCase)
                && header.TryGetProperty("value", out var value) && value.ValueKind == JsonValueKind.String)
            {
                return value.GetString()!.Trim();
            }
        }

        return null;
    }

    /// <summary>Where a side's body is: <c>postData</c> of a request, <c>content</c> of a response.</summary>
    private static HarBody Body(JsonElement side, bool request)
    {
        string? contentType = Header(side, "Content-Type");
        if (!side.TryGetProperty(request ? "postData" : "content", out var body) || body.ValueKind != JsonValueKind.Object)
        {
            return new HarBody(MediaType(contentType), null, null, null, contentType is null ? null : "the HAR holds no body");
        }

        string? mimeType = body.TryGetProperty("mimeType", out var mime) && mime.ValueKind == JsonValueKind.String ? mime.GetString() : null;
        string? text = body.TryGetProperty("text", out var textElement) && textElement.ValueKind == JsonValueKind.String ? textElement.GetString() : null;
        string? encoding = body.TryGetProperty("encoding", out var encodingElement) && encodingElement.ValueKind == JsonValueKind.String ? encodingElement.GetString() : null;
        string? file = body.TryGetProperty("_file", out var fileElement) && fileElement.ValueKind == JsonValueKind.String ? fileElement.GetString() : null;
        string? problem = text is null && file is null ? "the HAR holds no body text (saved without content?)" : null;
        return new HarBody(MediaType(mimeType) ?? MediaType(contentType), text, encoding, file, problem);
    }

    private static string? MediaType(string? contentType)
    {
        if (contentType is null)
        {
            return null;
        }

        int semicolon = contentType.IndexOf(';', StringComparison.Ordinal);
        string mediaType = (semicolon >= 0 ? contentType[..semicolon] : contentType).Trim().ToLowerInvariant();
        return mediaType.Length == 0 ? null : mediaType;
    }

    private static byte[]? Bytes(HarBody body, string directory, out string? problem)
    {
        problem = null;
        if (body.File is { } file)
        {
            // Playwright's attachment: a file name beside the HAR, never a path out of its folder.
            if (file.Length == 0 || Path.IsPathRooted(file) || file.Contains("..", StringComparison.Ordinal) || file.IndexOfAny(['/', '\\']) >= 0)
            {
                problem = $"the body's _file '{file}' is not a file name beside the HAR";
                return null;
            }

            string full = Path.Combine(directory, file);
            if (!File.Exists(full))
            {
                problem = $"the body's _file '{file}' is not beside the HAR";
                return null;
            }

            if (new FileInfo(full).Length > MaxHarBytes)
            {
                problem = $"the body's _file '{file}' has more than {MaxHarBytes} bytes";
                return null;
            }

            return File.ReadAllBytes(full);
        }

        string text = body.Text!;
        if (string.Equals(body.Encoding, "base64", StringComparison.OrdinalIgnoreCase))
        {
            byte[] bytes = new byte[(text.Length * 3 / 4) + 3];
            if (!Convert.TryFromBase64String(text, bytes, out int written))
            {
                problem = "the body's base64 text is not valid base64";
                return null;
            }

            return bytes.AsSpan(0, written).ToArray();
        }

        if (body.Encoding is { Length: > 0 } other)
        {
            problem = $"the body's encoding '{other}' is not base64";
            return null;
        }

        // Text as a browser keeps it: a binary body survives only when every byte became one character below U+0100.
        foreach (char c in text)
        {
            if (c > '\u00ff')
            {
                return Encoding.UTF8.GetBytes(text);
            }
        }

        return Encoding.Latin1.GetBytes(text);
    }

    private sealed record HarBody(string? MediaType, string? Text, string? Encoding, string? File, string? Problem);
}
