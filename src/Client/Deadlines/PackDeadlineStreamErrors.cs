using System.Runtime.CompilerServices;
using Pack.Streaming;

namespace Pack.Client;

/// <summary>Turns the error frame a server sends when a stream's deadline expires into <see cref="PackDeadlineExceededException"/>.</summary>
internal static class PackDeadlineStreamErrors
{
    public static async IAsyncEnumerable<T?> TranslateAsync<T>(IAsyncEnumerable<T?> items, [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        var enumerator = items.GetAsyncEnumerator(cancellationToken);
        await using (enumerator.ConfigureAwait(false))
        {
            while (true)
            {
                bool moved;
                try
                {
                    moved = await enumerator.MoveNextAsync().ConfigureAwait(false);
                }
                catch (PackStreamException exception) when (exception.Error.Type == PackDeadline.ProblemType)
                {
                    throw new PackDeadlineExceededException(TimeSpan.Zero, reportedByServer: true, exception);
                }

                if (!moved)
                {
                    yield break;
                }

                yield return enumerator.Current;
            }
        }
    }
}
