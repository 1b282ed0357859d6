using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackReader
{
    /// <summary>
    /// Room kept inside every budget for the <see cref="PackException"/> that reports a rejected read (its message and the
    /// stack trace the runtime captures), so that a rejected read, too, allocates no more than its budget.
    /// </summary>
    internal const long FailureReserve = 16 * 1024;

    /// <summary>
    /// Charges <paramref name="bytes"/> of memory that the read is about to allocate (a collection's backing store, an
    /// object instance, a string) to the read's allocation budget, failing with a <see cref="PackException"/> before the
    /// allocation when the budget (<see cref="PackSerializerOptions.MaxAllocationRatio"/> times the input length, plus
    /// <see cref="PackSerializerOptions.AllocationAllowance"/>) would be exceeded.
    /// </summary>
    /// <remarks>
    /// The budget is the sum of the charges alone (wire format §12): what the wire declares and the contract's known
    /// sizes, never a measurement of the thread, so its verdict and offset are the same for the same bytes whatever
    /// path they arrive by.
    /// </remarks>
    /// <param name="bytes">The in-memory size about to be allocated (an upper bound).</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeAllocation(long bytes)
    {
        long used = _used + bytes;
        _used = used;
        if (used > _allocationLimit)
        {
            ThrowAllocationBudgetExceeded();
        }
    }

    /// <summary>Charges a collection of <paramref name="count"/> elements of <paramref name="elementSize"/> bytes each, plus its object headers.</summary>
    /// <param name="count">The element count read from the wire (not negative).</param>
    /// <param name="elementSize">The in-memory size of one element.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeCollection(int count, int elementSize) => ChargeAllocation(((long)count * elementSize) + CollectionOverhead);

    /// <summary>
    /// Charges what a type's user code (its constructor with the initializers it runs, and the setters the reader calls)
    /// allocated beyond the instance already charged. Object formatters of types whose construction runs user code (decided
    /// once per type) read the thread's allocation counter before the construct-and-set block and call this after it.
    /// </summary>
    /// <param name="allocatedBefore">
    /// <see cref="GC.GetAllocatedBytesForCurrentThread"/> read just before the block (the constructor call, or the struct's
    /// default value, then the setters).
    /// </param>
    /// <param name="instanceCharge">What the read already charged for the instance (its estimated heap size; 0 for a struct).</param>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public void ChargeUserCode(long allocatedBefore, long instanceCharge)
    {
        // The same user code allocates the same on every path, so this charge, too, is the same for the same bytes; code
        // that allocates nothing beyond its instance (whose estimate is never below its real size) charges 0.
        long extra = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore - instanceCharge;
        if (extra > 0)
        {
            ChargeAllocation(extra);
        }
    }

    /// <summary>
    /// The sum of the charges: the read's budget use, the same for every path that reads the same bytes (the shared
    /// contract suite compares it between the IL path and generated code).
    /// </summary>
    internal readonly long AllocationCharged => _used;

    // A List<T> (32 bytes) and its array's header (24), or an array's header alone; rounded up.
    private const long CollectionOverhead = 64;

    /// <summary>Charges a <see cref="HashSet{T}"/> or <see cref="Dictionary{TKey, TValue}"/> built for <paramref name="count"/> entries.</summary>
    /// <param name="count">The entry count read from the wire.</param>
    /// <param name="entrySize">One entry: the key (and value), the cached hash code and the chain link, padded.</param>
    internal void ChargeHashCollection(int count, int entrySize)
    {
        // The table is sized to the next prime of HashHelpers' table (at most 1.25 x count + 8 slots); each slot is an
        // entry and an int bucket; the collection object and two array headers come on top.
        long slots = count + (count / 4) + 8;
        ChargeAllocation((slots * (entrySize + sizeof(int))) + 128);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly void ThrowAllocationBudgetExceeded()
        => PackThrowHelper.ThrowAllocationBudgetExceeded(_position, _allocationLimit + FailureReserve, _buffer.Length, Options.MaxAllocationRatio);
}
