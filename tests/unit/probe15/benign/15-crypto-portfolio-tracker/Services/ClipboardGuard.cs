using System.Text.RegularExpressions;
using System.Windows.Forms;

namespace PortfolioTracker.Services;

/// <summary>
/// CopyAddress puts one of the user's saved addresses on the clipboard and
/// clears it after a timeout. Watch() only READS the clipboard and warns when
/// it contains an address that is not in the user's address book.
/// </summary>
public sealed class ClipboardGuard
{
    private static readonly Regex Btc = new(@"^(bc1[a-z0-9]{25,59}|[13][a-km-zA-HJ-NP-Z1-9]{25,34})$");
    private static readonly Regex Eth = new(@"^0x[a-fA-F0-9]{40}$");
    private static readonly Regex Sol = new(@"^[1-9A-HJ-NP-Za-km-z]{32,44}$");

    private readonly HashSet<string> _own;

    public ClipboardGuard(IEnumerable<string> ownAddresses) =>
        _own = new HashSet<string>(ownAddresses, StringComparer.OrdinalIgnoreCase);

    public static void CopyAddress(string address, TimeSpan clearAfter)
    {
        RunSta(() => Clipboard.SetText(address));
        _ = Task.Delay(clearAfter).ContinueWith(_ => RunSta(() =>
        {
            if (Clipboard.ContainsText() && Clipboard.GetText() == address) Clipboard.Clear();
        }));
    }

    private static string? ChainOf(string t) =>
        Eth.IsMatch(t) ? "eth" : Btc.IsMatch(t) ? "btc" : Sol.IsMatch(t) ? "sol" : null;

    public void Watch(CancellationToken ct)
    {
        var thread = new Thread(() =>
        {
            string last = "";
            while (!ct.IsCancellationRequested)
            {
                try
                {
                    var text = Clipboard.ContainsText() ? Clipboard.GetText().Trim() : "";
                    if (text != last)
                    {
                        last = text;
                        var chain = ChainOf(text);
                        if (chain is not null && !_own.Contains(text))
                        {
                            Console.ForegroundColor = ConsoleColor.Yellow;
                            Console.WriteLine($"[clipboard] {chain} address {text[..6]}…{text[^4..]} is NOT in wallets.json - double-check before sending");
                            Console.ResetColor();
                        }
                    }
                }
                catch (System.Runtime.InteropServices.ExternalException) { /* clipboard busy */ }
                Thread.Sleep(1000);
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
