System.Console.WriteLine("benchmarks arrive with the benchmark work");
