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
    /// The budget tracks an upper bound of what the read has allocated: what the thread really allocated when it was last
    /// measured (<see cref="GC.GetAllocatedBytesForCurrentThread"/>), plus the charges since. The first charge takes the
    /// starting point; a charge that would pass the limit measures again before failing.
    /// </remarks>
    /// <param name="bytes">The in-memory size about to be allocated (an upper bound).</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeAllocation(long bytes)
    {
        _charged += bytes;
        long used = _used + bytes;
        if (used > _nextBudgetCheck)
        {
            CheckAllocationBudget(bytes);
            return;
        }

        _used = used;
    }

    /// <summary>Charges a collection of <paramref name="count"/> elements of <paramref name="elementSize"/> bytes each, plus its object headers.</summary>
    /// <param name="count">The element count read from the wire (not negative).</param>
    /// <param name="elementSize">The in-memory size of one element.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeCollection(int count, int elementSize) => ChargeAllocation(((long)count * elementSize) + CollectionOverhead);

    /// <summary>
    /// Measures what the thread has really allocated since the read began and fails when it exceeds the budget. Object
    /// formatters call it right after they construct an instance, because constructors, initializers and setters are user
    /// code that can allocate any amount the charges do not know of.
    /// </summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void VerifyAllocationBudget()
    {
        if (_allocationBaseline != 0)
        {
            MeasureAllocation(0);
        }
    }

    /// <summary>An upper bound of the memory the read has allocated so far, in bytes (measured at the last check).</summary>
    internal readonly long AllocationUsed => _used;

    /// <summary>
    /// The sum of the charges alone, without the measured allocation: the same for every path that reads the same bytes
    /// (the shared contract suite compares it between the IL path and generated code).
    /// </summary>
    internal readonly long AllocationCharged => _charged;

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

    /// <summary>Ends the read's accounting: measures the thread once more (when anything was charged) and fails when the budget was exceeded.</summary>
    internal void CompleteAllocationBudget()
    {
        if (_allocationBaseline != 0)
        {
            MeasureAllocation(0);
        }
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckAllocationBudget(long pending)
    {
        if (_allocationLimit == long.MaxValue)
        {
            _nextBudgetCheck = long.MaxValue;
            _used += pending;
            return;
        }

        if (_allocationBaseline == 0)
        {
            // The first charge: nothing the budget does not know of has run yet (user code runs only after an object's
            // charge), so what was charged so far stands for what was allocated so far.
            _allocationBaseline = GC.GetAllocatedBytesForCurrentThread() - _used;
            _firstUseBaseline = Formatters.FirstUseAllocation.Excluded;
            _nextBudgetCheck = _allocationLimit;
            if (_used + pending <= _allocationLimit)
            {
                _used += pending;
                return;
            }
        }

        MeasureAllocation(pending);
        _used += pending;
    }

    private void MeasureAllocation(long pending)
    {
        // Formatters and comparers built on first use during the read are the process's cost, not the payload's.
        _used = GC.GetAllocatedBytesForCurrentThread() - _allocationBaseline - (Formatters.FirstUseAllocation.Excluded - _firstUseBaseline);
        if (_used + pending > _allocationLimit)
        {
            PackThrowHelper.ThrowAllocationBudgetExceeded(_position, _allocationLimit + FailureReserve, _buffer.Length, Options.MaxAllocationRatio);
        }
    }
}
