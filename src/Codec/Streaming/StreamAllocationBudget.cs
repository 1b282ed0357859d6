namespace Pack.Streaming;

/// <summary>
/// The one allocation budget of a whole stream read: each frame may allocate <see cref="PackSerializerOptions.MaxAllocationRatio"/>
/// times its own length plus what is left of a single <see cref="PackSerializerOptions.AllocationAllowance"/> (the
/// credit); what a frame does not use of its ratio share stays for the frames after it.
/// </summary>
internal sealed class StreamAllocationBudget
{
    /// <summary>What the stream may still allocate beyond the ratio share of the frames to come.</summary>
    public long Credit = PackSerializerOptions.AllocationAllowance;

    /// <summary>The stream offset reached, for the message of a rejection.</summary>
    public long Offset;

    /// <summary>Charges memory the stream's reader allocates outside a frame (a collecting list's growth) to the credit.</summary>
    /// <param name="options">The read's options (no budget when <see cref="PackSerializerOptions.MaxAllocationRatio"/> is 0).</param>
    /// <param name="bytes">The memory about to be allocated.</param>
    /// <exception cref="PackException">The credit, less the room kept for this exception, does not cover it.</exception>
    public void Charge(PackSerializerOptions options, long bytes)
    {
        if (options.MaxAllocationRatio == 0)
        {
            return;
        }

        if (Credit - bytes < PackReader.FailureReserve)
        {
            throw new PackException($"Collecting the stream would allocate more than its budget ({options.MaxAllocationRatio} x the bytes received + {PackSerializerOptions.AllocationAllowance}); its items are out of proportion to its length. Raise PackSerializerOptions.MaxAllocationRatio for trusted input", Offset);
        }

        Credit -= bytes;
    }
}
