import { ethers } from "ethers";

// OpenZeppelin AccessControl 角色标识
export const ROLES = {
  DEFAULT_ADMIN_ROLE: ethers.ZeroHash,
  UPGRADER_ROLE: ethers.id("UPGRADER_ROLE"),
  PAUSER_ROLE: ethers.id("PAUSER_ROLE"),
  MINTER_ROLE: ethers.id("MINTER_ROLE"),
} as const;

export type RoleName = keyof typeof ROLES;

// 部署完成后需要移交给管理员的角色（顺序重要：DEFAULT_ADMIN_ROLE 最后处理）
export const HANDOVER_ORDER: RoleName[] = [
  "UPGRADER_ROLE",
  "PAUSER_ROLE",
  "MINTER_ROLE",
  "DEFAULT_ADMIN_ROLE",
];

// 需要用户二次确认的网络
export const PROTECTED_CHAINS = new Set<bigint>([1n, 10n, 56n, 137n, 8453n, 42161n]);

export function requireAddress(name: string, value: string | undefined): string {
  if (!value || !ethers.isAddress(value)) {
    throw new Error(`环境变量 ${name} 未设置或不是合法地址`);
  }
  return ethers.getAddress(value);
}
