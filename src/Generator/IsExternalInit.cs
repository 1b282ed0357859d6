namespace System.Runtime.CompilerServices;

/// <summary>Lets records and <c>init</c> accessors compile on netstandard2.0, which does not declare this type.</summary>
internal static class IsExternalInit
{
}
