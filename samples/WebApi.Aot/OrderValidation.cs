using Pack.Samples.Contracts;

namespace Pack.Samples.WebApi.Aot;

/// <summary>
/// The DataAnnotations rules of <see cref="CreateOrderRequest"/> and <see cref="OrderLine"/>, checked by hand:
/// <c>Validator.TryValidateObject</c> reads attributes by reflection, which Native AOT cannot promise.
/// </summary>
internal static class OrderValidation
{
    public static Dictionary<string, string[]>? Validate(CreateOrderRequest request)
    {
        var errors = new Dictionary<string, string[]>(StringComparer.Ordinal);
        if (request.Customer is not { Length: >= 2 and <= 100 })
        {
            errors["Customer"] = ["The field Customer must be a string with a minimum length of 2 and a maximum length of 100."];
        }

        if (request.Lines is not { Count: > 0 })
        {
            errors["Lines"] = ["The field Lines must be a string or array type with a minimum length of '1'."];
        }
        else
        {
            for (var i = 0; i < request.Lines.Count; i++)
            {
                OrderLine line = request.Lines[i];
                if (line.Sku is not { Length: >= 3 and <= 32 })
                {
                    errors[$"Lines[{i}].Sku"] = ["The field Sku must be a string with a minimum length of 3 and a maximum length of 32."];
                }

                if (line.Quantity is < 1 or > 1000)
                {
                    errors[$"Lines[{i}].Quantity"] = ["The field Quantity must be between 1 and 1000."];
                }

                if (line.UnitPrice is < 0.01m or > 100000m)
                {
                    errors[$"Lines[{i}].UnitPrice"] = ["The field UnitPrice must be between 0.01 and 100000."];
                }
            }
        }

        return errors.Count == 0 ? null : errors;
    }
}
