using Pack.Tool;

return await PackTool.RunAsync(args, Console.Out, Console.Error).ConfigureAwait(false);
