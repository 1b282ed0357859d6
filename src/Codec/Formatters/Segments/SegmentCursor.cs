namespace Pack.Formatters.Segments;

/// <summary>Where a payload written in parts stopped: the part, and within a collection the next element.</summary>
internal struct SegmentCursor
{
    /// <summary>Whether the payload's header (the top-level object's, or a top-level collection's count) is written.</summary>
    public bool Started;

    /// <summary>The index of the part of the top-level object being written.</summary>
    public int Segment;

    /// <summary>The next element of the collection being written; -1 when its count is not written yet.</summary>
    public int Element;

    /// <summary>The element count written for the collection being written, to detect a collection changed between parts.</summary>
    public int Count;

    /// <summary>A cursor at the start of a payload.</summary>
    public static SegmentCursor Start => new() { Element = -1 };
}
