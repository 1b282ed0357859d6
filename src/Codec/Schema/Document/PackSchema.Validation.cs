using System.Globalization;
using System.Numerics;
using Pack.Schema.Building;

namespace Pack.Schema;

public sealed partial class PackSchema
{
    /// <summary>
    /// The longest chain of references that no object header separates (docs/schema.md §1.5): a nullable's, list's, set's
    /// or map's parts, a frozen struct's members, a struct's struct members. Also the nesting a nullability annotation
    /// may walk (§1.4).
    /// </summary>
    internal const int MaxInlineDepth = SchemaNullability.MaxDepth;

    /// <summary>The longest label (docs/schema.md §1.2) a parsed schema may give a type, in UTF-16 code units.</summary>
    internal const int MaxLabelLength = 4096;

    /// <summary>The widest frozen struct a parsed schema may describe, in bytes.</summary>
    internal const int MaxFrozenStructWidth = 1024 * 1024;

    /// <summary>
    /// Checks what every reader of a parsed schema relies on (docs/schema.md §1.5) before anything walks it: each
    /// entry's properties agree with its kind, and the references between entries end. A document that passes can be
    /// labelled, fingerprinted, decoded with, compared and generated from in time and memory linear in its size.
    /// </summary>
    /// <exception cref="FormatException">The first rule the document breaks, and where.</exception>
    private static void Validate(PackSchemaType[] types)
    {
        var names = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < types.Length; i++)
        {
            ValidateEntry(types, i, names);
        }

        var walk = new InlineWalk(types);
        for (int i = 0; i < types.Length; i++)
        {
            walk.Visit(i, 0);
        }
    }

    private static void ValidateEntry(PackSchemaType[] types, int index, HashSet<string> names)
    {
        var type = types[index];
        string at = $"types[{index}]";
        if (type.Name is { } name && !names.Add(name))
        {
            throw new FormatException($"{at}: the type {name} is described twice; every type appears exactly once (docs/schema.md §1).");
        }

        // Kinds whose "nullable" §1.1 fixes: an enum and a frozen struct have no null, a Nullable and a union always one.
        if (type.Kind is PackSchemaKind.Enum or PackSchemaKind.FrozenStruct or PackSchemaKind.Nullable or PackSchemaKind.Union
            && type.Nullable != (type.Kind is PackSchemaKind.Nullable or PackSchemaKind.Union))
        {
            throw new FormatException($"{at}: \"nullable\" of {KindName(type.Kind)} is always {(type.Nullable ? "false" : "true")} (docs/schema.md §1.1).");
        }

        switch (type.Kind)
        {
            case PackSchemaKind.Primitive:
                if (!SchemaPrimitives.TryGetWidth(type.Primitive!, out int width))
                {
                    throw new FormatException($"{at}: unknown primitive \"{type.Primitive}\" (docs/schema.md §1.1).");
                }

                if (type.Width != width || (type.Signed is { } signed && signed != SchemaPrimitives.Signed(type.Primitive!)) || type.Nullable != (width == 0))
                {
                    throw new FormatException($"{at}: the primitive {type.Primitive} has width {width}{(width == 0 ? " (none)" : string.Empty)}, nullable {(width == 0 ? "true" : "false")} and {(SchemaPrimitives.Signed(type.Primitive!) is { } s ? "signed " + (s ? "true" : "false") : "no signed")} (docs/schema.md §1.1).");
                }

                break;
            case PackSchemaKind.Enum:
                var underlying = types[type.Element];
                if (underlying.Kind != PackSchemaKind.Primitive || SchemaPrimitives.Signed(underlying.Primitive!) is not { } isSigned
                    || !SchemaPrimitives.TryGetWidth(underlying.Primitive!, out int underlyingWidth))
                {
                    throw new FormatException($"{at}: \"underlying\" must be an integer primitive (i8 … u128).");
                }

                // The table's width, not the entry's: the underlying entry may come later and is checked then (a width
                // of 2^28 made the range 2^31 bits wide).
                var seen = new HashSet<string>(StringComparer.Ordinal);
                for (int v = 0; v < type.Values.Count; v++)
                {
                    var value = type.Values[v];
                    if (!IsInteger(value.Value, underlyingWidth, isSigned))
                    {
                        throw new FormatException($"{at}.values[{v}]: \"value\" must be an integer of the underlying {underlying.Primitive} in decimal digits with an optional '-', not \"{value.Value}\".");
                    }

                    if (value.Name is not null && !seen.Add(value.Name))
                    {
                        throw new FormatException($"{at}.values[{v}]: the name {value.Name} is given twice.");
                    }
                }

                break;
            case PackSchemaKind.Nullable:
                if (types[type.Element].Kind == PackSchemaKind.Nullable || types[type.Element].Nullable)
                {
                    throw new FormatException($"{at}: a nullable's element is a type that is never null (a struct, a primitive other than string, an enum).");
                }

                break;
            case PackSchemaKind.Union:
                var tags = new HashSet<int>();
                for (int c = 0; c < type.Cases.Count; c++)
                {
                    if (types[type.Cases[c].Type].Kind is not (PackSchemaKind.Object or PackSchemaKind.FrozenStruct))
                    {
                        throw new FormatException($"{at}.cases[{c}]: a union case is an object or a frozen struct.");
                    }

                    if (!tags.Add(type.Cases[c].Tag))
                    {
                        throw new FormatException($"{at}.cases[{c}]: the tag {type.Cases[c].Tag} is given twice.");
                    }
                }

                break;
            case PackSchemaKind.Object:
            case PackSchemaKind.FrozenStruct:
                var members = new HashSet<string>(StringComparer.Ordinal);
                for (int m = 0; m < type.Members.Count; m++)
                {
                    if (type.Members[m].Name is { } member && !members.Add(member))
                    {
                        throw new FormatException($"{at}.members[{m}]: the name {member} is given twice.");
                    }
                }

                break;
        }
    }

    /// <summary>Whether <paramref name="text"/> is an integer in canonical decimal (no '+', no leading zeros, no "-0") that fits the integer primitive.</summary>
    private static bool IsInteger(string text, int width, bool signed)
    {
        int digits = text.StartsWith('-') ? 1 : 0;
        if (text.Length == digits || text.Length - digits > 40 || (text[digits] == '0' && text.Length > digits + 1) || (digits == 1 && text == "-0"))
        {
            return false;
        }

        for (int i = digits; i < text.Length; i++)
        {
            if (!char.IsAsciiDigit(text[i]))
            {
                return false;
            }
        }

        var value = BigInteger.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
        int bits = width * 8;
        var min = signed ? -(BigInteger.One << (bits - 1)) : BigInteger.Zero;
        var max = signed ? (BigInteger.One << (bits - 1)) - 1 : (BigInteger.One << bits) - 1;
        return value >= min && value <= max;
    }

    /// <summary>
    /// Walks the references that no object header separates, each entry once: they must end (no cycle) within
    /// <see cref="MaxInlineDepth"/> entries; frozen structs are given their members' widths; labels stay short.
    /// </summary>
    private sealed class InlineWalk(PackSchemaType[] types)
    {
        private const int InProgress = -1;

        // The longest inline chain from each entry (0: not visited yet, InProgress while its parts are visited).
        private readonly int[] _depth = new int[types.Length];

        // Each entry's label length (docs/schema.md §1.2), saturated past MaxLabelLength.
        private readonly int[] _labelLength = new int[types.Length];

        public int Visit(int index, int level)
        {
            if (_depth[index] == InProgress)
            {
                throw new FormatException($"types[{index}] contains itself without an object header in between (a nullable, collection or struct of itself); docs/schema.md §1.5.");
            }

            if (_depth[index] == 0)
            {
                if (level > MaxInlineDepth)
                {
                    throw new FormatException($"types[{index}]: the element, key, value and struct member types nest deeper than {MaxInlineDepth} levels without an object header in between; docs/schema.md §1.5.");
                }

                _depth[index] = InProgress;
                int deepest = 0;
                foreach (int part in InlineParts(types[index]))
                {
                    deepest = Math.Max(deepest, Visit(part, level + 1));
                }

                Check(index);
                _depth[index] = deepest + 1;
            }

            if (level + _depth[index] > MaxInlineDepth + 1)
            {
                throw new FormatException($"types[{index}]: the element, key, value and struct member types nest deeper than {MaxInlineDepth} levels without an object header in between; docs/schema.md §1.5.");
            }

            return _depth[index];
        }

        /// <summary>The parts a value of the type holds without an object header of their own in between.</summary>
        private IEnumerable<int> InlineParts(PackSchemaType type)
        {
            switch (type.Kind)
            {
                // Not an enum's underlying: it is a primitive (checked before the walk), and §1.5 does not follow it.
                case PackSchemaKind.Nullable or PackSchemaKind.List or PackSchemaKind.Set:
                    yield return type.Element;
                    break;
                case PackSchemaKind.Map:
                    yield return type.Key;
                    yield return type.Value;
                    break;
                case PackSchemaKind.FrozenStruct:
                    foreach (var member in type.Members)
                    {
                        yield return member.Type;
                    }

                    break;
                case PackSchemaKind.Object when !type.Nullable:
                    // A struct holds its struct members by value (C# forbids a struct that contains itself).
                    foreach (var member in type.Members)
                    {
                        if (types[member.Type] is { Kind: PackSchemaKind.Object or PackSchemaKind.FrozenStruct, Nullable: false })
                        {
                            yield return member.Type;
                        }
                    }

                    break;
            }
        }

        /// <summary>Checks an entry once its inline parts are checked: a frozen struct's width, every label's length.</summary>
        private void Check(int index)
        {
            var type = types[index];
            string at = $"types[{index}]";
            if (type.Kind == PackSchemaKind.FrozenStruct)
            {
                long width = 0;
                for (int m = 0; m < type.Members.Count; m++)
                {
                    var member = types[type.Members[m].Type];
                    int memberWidth = member.Kind switch
                    {
                        PackSchemaKind.Primitive when member.Width > 0 => member.Width,
                        PackSchemaKind.Enum => types[member.Element].Width,
                        PackSchemaKind.FrozenStruct => member.Width,
                        _ => throw new FormatException($"{at}.members[{m}]: a frozen struct's member has a fixed width (a primitive other than string, an enum or a frozen struct)."),
                    };
                    width += memberWidth;
                }

                if (width != type.Width || width > MaxFrozenStructWidth)
                {
                    throw new FormatException($"{at}: \"width\" is {type.Width}, but the members' widths add up to {width}{(width > MaxFrozenStructWidth ? $", more than the {MaxFrozenStructWidth} bytes a frozen struct may have" : string.Empty)}.");
                }
            }

            long length = type.Kind switch
            {
                PackSchemaKind.Primitive => type.Primitive!.Length,
                PackSchemaKind.Nullable => "nullable<>".Length + (long)_labelLength[type.Element],
                PackSchemaKind.List => "list<>".Length + (long)_labelLength[type.Element],
                PackSchemaKind.Set => "set<>".Length + (long)_labelLength[type.Element],
                PackSchemaKind.Map => "map<,>".Length + (long)_labelLength[type.Key] + _labelLength[type.Value],
                _ => type.Name?.Length ?? UnnamedLabelLength(index),
            };
            if (length > MaxLabelLength)
            {
                throw new FormatException($"{at}: its label (docs/schema.md §1.2) is longer than {MaxLabelLength} characters; docs/schema.md §1.5.");
            }

            _labelLength[index] = (int)length;
        }

        /// <summary>The length of <c>#</c> and the index, the label of a named kind without a name (a wire form; §1.2).</summary>
        private static int UnnamedLabelLength(int index)
        {
            int length = 2;
            for (int rest = index / 10; rest > 0; rest /= 10)
            {
                length++;
            }

            return length;
        }
    }
}
