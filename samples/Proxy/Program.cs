using Pack.Samples.Proxy;

WebApplication app = ProxyApp.BuildApp(args);
app.Run();
