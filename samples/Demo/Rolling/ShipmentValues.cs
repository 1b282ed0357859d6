using System.Globalization;
using Pack.Samples.Contracts;

namespace Pack.Samples.Demo.Rolling;

/// <summary>
/// What a replica of a given contract version must answer, and whether an answer is that: member by member, by value
/// (a weight of 0.250 kg sent as decimal and echoed by a replica that holds it as double is the same weight), so that a
/// difference is a misread value and nothing else.
/// </summary>
internal static class ShipmentValues
{
    /// <summary>What a replica of <paramref name="version"/> must send back for <paramref name="value"/>: all it knows, and nothing in place of what it does not.</summary>
    public static Shipment Expected(Shipment value, int version) => new()
    {
        Id = value.Id,
        Carrier = value.Carrier,
        WeightKg = value.WeightKg,
        Status = value.Status,
        DispatchedAt = value.DispatchedAt,
        Parcels = [.. value.Parcels],
        // Version 1 has no TrackingUrl: it must come back null, not garbled.
        TrackingUrl = version == 1 ? null : value.TrackingUrl,
    };

    /// <summary>The first member of <paramref name="received"/> that differs from <paramref name="expected"/>, described; null when every member is equal.</summary>
    public static string? Mismatch(Shipment expected, Shipment? received)
    {
        if (received is null)
        {
            return "value mismatch: no value";
        }

        return received.Id != expected.Id ? Describe(nameof(Shipment.Id), expected.Id, received.Id)
            : received.Carrier != expected.Carrier ? Describe(nameof(Shipment.Carrier), expected.Carrier, received.Carrier)
            : received.WeightKg != expected.WeightKg ? Describe(nameof(Shipment.WeightKg), expected.WeightKg, received.WeightKg)
            : received.Status != expected.Status ? Describe(nameof(Shipment.Status), expected.Status, received.Status)
            : !received.DispatchedAt.EqualsExact(expected.DispatchedAt) ? Describe(nameof(Shipment.DispatchedAt), expected.DispatchedAt, received.DispatchedAt)
            : !received.Parcels.SequenceEqual(expected.Parcels, StringComparer.Ordinal) ? Describe(nameof(Shipment.Parcels), string.Join(",", expected.Parcels), string.Join(",", received.Parcels))
            : received.TrackingUrl != expected.TrackingUrl ? Describe(nameof(Shipment.TrackingUrl), expected.TrackingUrl, received.TrackingUrl)
            : null;
    }

    private static string Describe<T>(string member, T expected, T received) =>
        string.Create(CultureInfo.InvariantCulture, $"value mismatch: {member} of shipment expected '{expected}', got '{received}'");
}
