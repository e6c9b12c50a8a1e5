#!/usr/bin/env python3
"""Read-only ETH / ERC-20 balance lookup. No keys, no transactions."""
import argparse, csv, os, sys, time

from web3 import Web3

TOKENS = {
    "USDC": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    "DAI": "0x6B175474E89094C44Da98b954EedeAC495271d0F",
    "USDT": "0xdAC17F958D2ee523a2206206994597C13D831ec7",
}
ERC20_ABI = [
    {"name": "balanceOf", "type": "function", "stateMutability": "view",
     "inputs": [{"name": "a", "type": "address"}], "outputs": [{"name": "", "type": "uint256"}]},
    {"name": "decimals", "type": "function", "stateMutability": "view",
     "inputs": [], "outputs": [{"name": "", "type": "uint8"}]},
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--tokens", default="")
    a = ap.parse_args()

    w3 = Web3(Web3.HTTPProvider(os.environ.get("ETH_RPC_URL", "https://cloudflare-eth.com")))
    tokens = [t.strip().upper() for t in a.tokens.split(",") if t.strip()]
    contracts = {t: w3.eth.contract(address=TOKENS[t], abi=ERC20_ABI) for t in tokens}
    decimals = {t: c.functions.decimals().call() for t, c in contracts.items()}

    out = csv.writer(sys.stdout)
    out.writerow(["label", "address", "ETH", *tokens])
    for line in open(a.file, encoding="utf-8"):
        raw, _, label = line.partition("#")
        raw = raw.strip()
        if not raw:
            continue
        addr = w3.ens.address(raw) if raw.endswith(".eth") else Web3.to_checksum_address(raw)
        row = [label.strip(), addr, w3.from_wei(w3.eth.get_balance(addr), "ether")]
        for t in tokens:
            row.append(contracts[t].functions.balanceOf(addr).call() / 10 ** decimals[t])
        out.writerow(row)
        time.sleep(0.2)


if __name__ == "__main__":
    main()
