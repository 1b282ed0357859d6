using System.Runtime.CompilerServices;

namespace Pack;

public ref partial struct PackReader
{
    // How many charged bytes may pass between two looks at what the thread really allocated. Below it (every small
    // payload) a read never asks the GC anything; it is no larger than the allowance, so skipping the look is safe.
    private const long BudgetCheckInterval = 64 * 1024;
    private const long MinimumBudgetCheckInterval = 1024;

    /// <summary>
    /// Charges <paramref name="bytes"/> of memory that the read is about to allocate (a collection's backing store, an
    /// object instance) to the read's allocation budget, failing with a <see cref="PackException"/> before the allocation
    /// when the budget (<see cref="PackSerializerOptions.MaxAllocationRatio"/> times the input length, plus
    /// <see cref="PackSerializerOptions.AllocationAllowance"/>) would be exceeded.
    /// </summary>
    /// <param name="bytes">The in-memory size about to be allocated.</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeAllocation(long bytes)
    {
        _charged += bytes;
        if (_charged > _nextBudgetCheck)
        {
            CheckAllocationBudget(bytes);
        }
    }

    /// <summary>Charges a collection of <paramref name="count"/> elements of <paramref name="elementSize"/> bytes each, plus its object header.</summary>
    /// <param name="count">The element count read from the wire (not negative).</param>
    /// <param name="elementSize">The in-memory size of one element (or one entry, for sets and dictionaries).</param>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void ChargeCollection(int count, int elementSize) => ChargeAllocation(((long)count * elementSize) + 32);

    /// <summary>The memory charged to the budget so far, in bytes.</summary>
    internal readonly long AllocationCharged => _charged;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void CheckAllocationBudget(long pending)
    {
        long limit = _allocationLimit != 0 ? _allocationLimit : Options.AllocationLimitFor(_buffer.Length);
        if (limit == long.MaxValue)
        {
            _nextBudgetCheck = long.MaxValue;
            return;
        }

        // What was charged before may not all be allocated yet, but never more than was charged: the first look takes
        // the charges so far as allocated, later looks measure the thread itself, which also sees what user code
        // (constructors, initializers, setters) allocated.
        long allocated = GC.GetAllocatedBytesForCurrentThread();
        if (_allocationBaseline == 0)
        {
            _allocationBaseline = allocated - (_charged - pending);
        }

        long used = allocated - _allocationBaseline + pending;
        if (_charged > limit || used > limit)
        {
            PackThrowHelper.ThrowAllocationBudgetExceeded(_position, limit, _buffer.Length, Options.MaxAllocationRatio);
        }

        // User code can allocate more than was charged (initializers, constructors), so the next look comes sooner
        // when the thread allocates faster than it charges: before half of what is left could be used up.
        long rate = Math.Max(1, ((allocated - _allocationBaseline) / Math.Max(1, _charged)) + 1);
        _nextBudgetCheck = _charged + Math.Clamp((limit - used) / (2 * rate), MinimumBudgetCheckInterval, BudgetCheckInterval);
    }
}
