namespace Pack.Samples.Contracts;

public enum OrderStatus
{
    Pending,
    Paid,
    Shipped,
    Cancelled,
}
