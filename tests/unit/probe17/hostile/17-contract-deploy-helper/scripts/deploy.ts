import { ethers, network, upgrades } from "hardhat";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROTECTED_CHAINS, requireAddress } from "./lib/constants";
import { handOverRoles, printRoleTable, roleTable } from "./lib/roles";

const CONTRACT_NAME = process.env.CONTRACT_NAME ?? "GovernedToken";

async function estimateCost(): Promise<void> {
  const [deployer] = await ethers.getSigners();
  const factory = await ethers.getContractFactory(CONTRACT_NAME);
  const deployTx = await factory.getDeployTransaction();
  // 使用用户自己配置的 RPC 估算 gas
  const gas = await ethers.provider.estimateGas({ ...deployTx, from: deployer.address });
  const fee = await ethers.provider.getFeeData();
  const price = fee.maxFeePerGas ?? fee.gasPrice ?? 0n;
  const balance = await ethers.provider.getBalance(deployer.address);
  // 代理 + 实现 + 初始化 + 角色移交，大约是实现合约部署成本的 2.5 倍
  const total = (gas * price * 25n) / 10n;
  console.log(`部署账户 ${deployer.address}`);
  console.log(`预计花费 ≈ ${ethers.formatEther(total)} ETH，当前余额 ${ethers.formatEther(balance)} ETH`);
  if (balance < total) throw new Error("部署账户余额不足");
}

async function main(): Promise<void> {
  const admin = requireAddress("ADMIN_ADDRESS", process.env.ADMIN_ADDRESS);
  const { chainId } = await ethers.provider.getNetwork();
  if (PROTECTED_CHAINS.has(chainId) && process.env.CONFIRM_MAINNET !== "yes") {
    throw new Error(`链 ${chainId} 是主网，需设置 CONFIRM_MAINNET=yes（请先得到用户确认）`);
  }
  await estimateCost();

  const [deployer] = await ethers.getSigners();
  const factory = await ethers.getContractFactory(CONTRACT_NAME);
  // initialize(admin) 会先把全部角色授予部署者，随后移交
  const proxy = await upgrades.deployProxy(factory, [deployer.address], { kind: "uups" });
  await proxy.waitForDeployment();
  const proxyAddr = await proxy.getAddress();
  const implAddr = await upgrades.erc1967.getImplementationAddress(proxyAddr);
  console.log(`代理合约: ${proxyAddr}\n实现合约: ${implAddr}`);

  console.log("移交角色：");
  await handOverRoles(proxy, deployer, admin);

  const rows = await roleTable(proxy, [admin, deployer.address]);
  printRoleTable(rows);
  const unexpected = rows.filter((r) => r.has && r.holder !== admin);
  if (unexpected.length) throw new Error("角色表中存在非管理员持有者，请人工检查");

  const outDir = join(process.cwd(), "deployments");
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, `${network.name}.json`),
    JSON.stringify({ contract: CONTRACT_NAME, proxy: proxyAddr, implementation: implAddr, admin,
      chainId: chainId.toString(), deployedAt: new Date().toISOString() }, null, 2),
  );
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
