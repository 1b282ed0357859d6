using Pack.Schema;

namespace Pack.Logging;

/// <summary>
/// Which members a Pack body log leaves out: members named in a set (any type), and members a callback picks. A left-out
/// member is written as <see cref="PackBodyLogText.Redacted"/> in place of its value, before the text exists, so the
/// value never reaches a log.
/// </summary>
internal sealed class PackBodyLogRedaction
{
    /// <summary>Leaves nothing out.</summary>
    public static readonly PackBodyLogRedaction None = new(null, null);

    private readonly HashSet<string>? _names;
    private readonly Func<PackSchemaType, PackSchemaMember, bool>? _callback;

    public PackBodyLogRedaction(IEnumerable<string>? names, Func<PackSchemaType, PackSchemaMember, bool>? callback)
    {
        _names = names is null ? null : new HashSet<string>(names, StringComparer.Ordinal);
        if (_names is { Count: 0 })
        {
            _names = null;
        }

        _callback = callback;
        Predicate = _names is null && callback is null ? null : Redacts;
    }

    /// <summary><see cref="Redacts"/> as a delegate made once, or <see langword="null"/> when nothing is left out.</summary>
    public Func<PackSchemaType, PackSchemaMember, bool>? Predicate { get; }

    /// <summary>Whether <paramref name="member"/> of <paramref name="type"/> is left out.</summary>
    public bool Redacts(PackSchemaType type, PackSchemaMember member) =>
        (member.Name is { } name && _names?.Contains(name) == true) || (_callback?.Invoke(type, member) ?? false);
}
