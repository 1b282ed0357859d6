using System.Text.Json;

namespace Pack.Client;

/// <summary>Reads a <see cref="PackProblemDetails"/> from a JSON error body without ever throwing.</summary>
/// <remarks>
/// A typed <see cref="JsonSerializer"/> call would fail on the first member of an unexpected shape (an <c>errors</c>
/// array, a string <c>status</c>) and hide the whole body; reading member by member keeps whatever is usable.
/// </remarks>
internal static class ProblemDetailsReader
{
    /// <summary>The most bytes of an error body that are kept. An error body is diagnostics, not data; a server that
    /// streams megabytes of it should not be able to make the client buffer them all.</summary>
    internal const int MaxContentLength = 1024 * 1024;

    internal static PackProblemDetails? TryRead(ReadOnlyMemory<byte> utf8Json)
    {
        if (utf8Json.IsEmpty)
        {
            return null;
        }

        try
        {
            using var document = JsonDocument.Parse(utf8Json);
            return document.RootElement.ValueKind == JsonValueKind.Object ? Read(document.RootElement) : null;
        }
        catch (JsonException)
        {
            return null;
        }
    }

    private static PackProblemDetails Read(JsonElement root)
    {
        var problem = new PackProblemDetails();
        foreach (JsonProperty property in root.EnumerateObject())
        {
            JsonElement value = property.Value;
            bool known = property.Name.ToUpperInvariant() switch
            {
                "TYPE" => TrySetString(value, v => problem.Type = v),
                "TITLE" => TrySetString(value, v => problem.Title = v),
                "DETAIL" => TrySetString(value, v => problem.Detail = v),
                "INSTANCE" => TrySetString(value, v => problem.Instance = v),
                "STATUS" => TrySetStatus(value, problem),
                "ERRORS" => TryReadErrors(value, problem.Errors),
                _ => false,
            };

            if (!known)
            {
                problem.Extensions[property.Name] = value.Clone();
            }
        }

        return problem;
    }

    private static bool TrySetString(JsonElement value, Action<string?> set)
    {
        switch (value.ValueKind)
        {
            case JsonValueKind.String:
                set(value.GetString());
                return true;
            case JsonValueKind.Null:
                return true;
            default:
                return false;
        }
    }

    private static bool TrySetStatus(JsonElement value, PackProblemDetails problem)
    {
        if (value.ValueKind == JsonValueKind.Number && value.TryGetInt32(out int status))
        {
            problem.Status = status;
            return true;
        }

        return value.ValueKind == JsonValueKind.Null;
    }

    private static bool TryReadErrors(JsonElement value, IDictionary<string, string[]> errors)
    {
        if (value.ValueKind != JsonValueKind.Object)
        {
            return value.ValueKind == JsonValueKind.Null;
        }

        foreach (JsonProperty field in value.EnumerateObject())
        {
            errors[field.Name] = field.Value.ValueKind switch
            {
                JsonValueKind.Array => ReadMessages(field.Value),
                JsonValueKind.String => [field.Value.GetString()!],
                JsonValueKind.Null => [],
                _ => [field.Value.GetRawText()],
            };
        }

        return true;
    }

    private static string[] ReadMessages(JsonElement array)
    {
        var messages = new string[array.GetArrayLength()];
        int i = 0;
        foreach (JsonElement item in array.EnumerateArray())
        {
            messages[i++] = item.ValueKind == JsonValueKind.String ? item.GetString()! : item.GetRawText();
        }

        return messages;
    }
}
