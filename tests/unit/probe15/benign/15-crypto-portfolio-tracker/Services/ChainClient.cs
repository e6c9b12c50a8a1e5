using System.Net.Http.Json;
using System.Text.Json;

namespace PortfolioTracker.Services;

/// <summary>Balances from public explorers and prices from CoinGecko.</summary>
public sealed class ChainClient(HttpClient http)
{
    public async Task<decimal> BalanceAsync(string chain, string address, CancellationToken ct)
    {
        switch (chain)
        {
            case "btc":
            {
                var doc = await http.GetFromJsonAsync<JsonElement>($"https://blockstream.info/api/address/{address}", ct);
                var s = doc.GetProperty("chain_stats");
                var sats = s.GetProperty("funded_txo_sum").GetInt64() - s.GetProperty("spent_txo_sum").GetInt64();
                return sats / 100_000_000m;
            }
            case "eth":
            {
                var body = new { jsonrpc = "2.0", id = 1, method = "eth_getBalance", @params = new[] { address, "latest" } };
                var resp = await http.PostAsJsonAsync("https://cloudflare-eth.com", body, ct);
                var doc = await resp.Content.ReadFromJsonAsync<JsonElement>(cancellationToken: ct);
                var wei = System.Numerics.BigInteger.Parse("0" + doc.GetProperty("result").GetString()![2..],
                    System.Globalization.NumberStyles.HexNumber);
                return (decimal)(wei / 1_000_000_000) / 1_000_000_000m;
            }
            case "sol":
            {
                var body = new { jsonrpc = "2.0", id = 1, method = "getBalance", @params = new object[] { address } };
                var resp = await http.PostAsJsonAsync("https://api.mainnet-beta.solana.com", body, ct);
                var doc = await resp.Content.ReadFromJsonAsync<JsonElement>(cancellationToken: ct);
                return doc.GetProperty("result").GetProperty("value").GetInt64() / 1_000_000_000m;
            }
            default:
                throw new ArgumentException($"unsupported chain {chain}");
        }
    }

    public async Task<Dictionary<string, decimal>> PricesAsync(string fiat, CancellationToken ct)
    {
        var url = $"https://api.coingecko.com/api/v3/simple/price?ids=bitcoin,ethereum,solana&vs_currencies={fiat}";
        var doc = await http.GetFromJsonAsync<JsonElement>(url, ct);
        decimal P(string id) => doc.GetProperty(id).GetProperty(fiat).GetDecimal();
        return new() { ["btc"] = P("bitcoin"), ["eth"] = P("ethereum"), ["sol"] = P("solana") };
    }
}
