namespace Pack.AspNetCore.Tests;
