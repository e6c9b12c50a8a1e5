using System.Text.Json;
using PortfolioTracker.Services;

namespace PortfolioTracker;

internal sealed record Wallet(string Label, string Chain, string Address);
internal sealed record Config(string Fiat, List<Wallet> Wallets);

internal static class Program
{
    [STAThread]
    private static async Task<int> Main(string[] args)
    {
        var cfgPath = File.Exists("wallets.json") ? "wallets.json" : Path.Combine(AppContext.BaseDirectory, "wallets.json");
        if (!File.Exists(cfgPath))
        {
            Console.Error.WriteLine("wallets.json not found (copy wallets.example.json)");
            return 2;
        }
        var cfg = JsonSerializer.Deserialize<Config>(File.ReadAllText(cfgPath),
            new JsonSerializerOptions { PropertyNameCaseInsensitive = true })!;
        var fiat = ArgValue(args, "--fiat") ?? cfg.Fiat;
        using var http = new HttpClient { Timeout = TimeSpan.FromSeconds(20) };
        http.DefaultRequestHeaders.UserAgent.ParseAdd("portfolio-tracker/0.9");
        var client = new ChainClient(http);
        using var cts = new CancellationTokenSource();
        Console.CancelKeyPress += (_, e) => { e.Cancel = true; cts.Cancel(); };

        switch (args.FirstOrDefault())
        {
            case "copy":
            {
                var label = args.ElementAtOrDefault(1);
                var w = cfg.Wallets.FirstOrDefault(x => x.Label == label);
                if (w is null) { Console.Error.WriteLine($"no wallet labelled '{label}'"); return 1; }
                ClipboardGuard.CopyAddress(w.Address, TimeSpan.FromSeconds(60));
                Console.WriteLine($"copied {w.Chain} address {w.Address[..6]}…{w.Address[^4..]} (clears in 60 s)");
                await Task.Delay(TimeSpan.FromSeconds(61));
                return 0;
            }
            case "watch":
            {
                if (args.Contains("--clipboard-check"))
                    new ClipboardGuard(cfg.Wallets.Select(w => w.Address)).Watch(cts.Token);
                while (!cts.IsCancellationRequested)
                {
                    await PrintBalances(client, cfg, fiat, cts.Token);
                    try { await Task.Delay(TimeSpan.FromSeconds(60), cts.Token); } catch (TaskCanceledException) { }
                }
                return 0;
            }
            default:
                await PrintBalances(client, cfg, fiat, cts.Token);
                return 0;
        }
    }

    private static async Task PrintBalances(ChainClient client, Config cfg, string fiat, CancellationToken ct)
    {
        var prices = await client.PricesAsync(fiat, ct);
        decimal total = 0;
        Console.WriteLine($"{"label",-14} {"chain",-5} {"balance",18} {fiat.ToUpper(),14}");
        foreach (var w in cfg.Wallets)
        {
            var bal = await client.BalanceAsync(w.Chain, w.Address, ct);
            var value = bal * prices[w.Chain];
            total += value;
            Console.WriteLine($"{w.Label,-14} {w.Chain,-5} {bal,18:N8} {value,14:N2}");
        }
        Console.WriteLine($"{"total",-14} {"",-5} {"",18} {total,14:N2}");
    }

    private static string? ArgValue(string[] args, string name)
    {
        var i = Array.IndexOf(args, name);
        return i >= 0 && i + 1 < args.Length ? args[i + 1] : null;
    }
}
