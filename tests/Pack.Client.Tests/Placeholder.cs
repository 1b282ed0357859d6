namespace Pack.Client.Tests;
