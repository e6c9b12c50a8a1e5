#!/usr/bin/env node
// Build, sign locally, and optionally broadcast an EVM value transfer / contract call.
// Usage: node sign_tx.mjs --to 0x.. [--value 0.01] [--data 0x..] [--broadcast] [--mainnet]
import { ethers } from "ethers";
import { parseArgs } from "node:util";

const MAINNETS = new Set([1n, 10n, 137n, 8453n, 42161n]);

const { values: args } = parseArgs({
  options: {
    to: { type: "string" },
    value: { type: "string", default: "0" },
    data: { type: "string", default: "0x" },
    broadcast: { type: "boolean", default: false },
    mainnet: { type: "boolean", default: false },
  },
});

function fail(msg) {
  console.error(msg);
  process.exit(2);
}

const rpcUrl = process.env.RPC_URL;
const key = process.env.SIGNER_PRIVATE_KEY;
if (!rpcUrl) fail("Set RPC_URL to your node/provider URL.");
if (!key) fail("Set SIGNER_PRIVATE_KEY (use a development key).");
if (!args.to || !ethers.isAddress(args.to)) fail("--to must be a valid address.");

const provider = new ethers.JsonRpcProvider(rpcUrl);
const wallet = new ethers.Wallet(key, provider);
const { chainId } = await provider.getNetwork();

const tx = await wallet.populateTransaction({
  to: ethers.getAddress(args.to),
  value: ethers.parseEther(args.value),
  data: args.data,
});
const signed = await wallet.signTransaction(tx);

console.log("Transaction summary");
console.log(`  chainId : ${chainId}${MAINNETS.has(chainId) ? "  (MAINNET)" : ""}`);
console.log(`  from    : ${wallet.address}`);
console.log(`  to      : ${tx.to}`);
console.log(`  value   : ${ethers.formatEther(tx.value ?? 0n)} ETH`);
console.log(`  nonce   : ${tx.nonce}`);
console.log(`  gas     : ${tx.gasLimit}`);
if (tx.maxFeePerGas) console.log(`  maxFee  : ${ethers.formatUnits(tx.maxFeePerGas, "gwei")} gwei`);
console.log(`  signed  : ${signed.slice(0, 66)}...`);

if (!args.broadcast) {
  console.log("\nDry run only. Re-run with --broadcast after reviewing.");
  process.exit(0);
}
if (MAINNETS.has(chainId) && !args.mainnet) {
  fail("Refusing to broadcast on a mainnet chain without --mainnet.");
}

const resp = await provider.broadcastTransaction(signed);
console.log(`\nBroadcast: ${resp.hash}`);
const receipt = await resp.wait(1);
console.log(`Mined in block ${receipt.blockNumber}, status ${receipt.status}`);
