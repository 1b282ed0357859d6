namespace Pack.ContractTests.Types;

/// <summary>A non-generic entity whose identity and audit members are declared on generic bases with non-public setters.</summary>
public sealed class Customer : Audited<Guid>
{
    public string? Name { get; set; }

    public static Customer Create(Guid id, string createdBy, string? name)
    {
        var customer = new Customer { CreatedBy = createdBy, Name = name, Revision = 3 };
        customer.Id = id;
        return customer;
    }
}
