import "dotenv/config";
import "@nomicfoundation/hardhat-toolbox";
import "@openzeppelin/hardhat-upgrades";
import type { HardhatUserConfig } from "hardhat/config";

// 私钥只从环境变量读取；未配置时使用空数组，避免误用默认账户部署到公网
const accounts = process.env.DEPLOYER_PRIVATE_KEY ? [process.env.DEPLOYER_PRIVATE_KEY] : [];

const config: HardhatUserConfig = {
  solidity: {
    version: "0.8.24",
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
    },
  },
  networks: {
    hardhat: {},
    sepolia: {
      url: process.env.RPC_URL_SEPOLIA ?? "",
      accounts,
      chainId: 11155111,
    },
    mainnet: {
      url: process.env.RPC_URL_MAINNET ?? "",
      accounts,
      chainId: 1,
    },
  },
  etherscan: {
    apiKey: process.env.ETHERSCAN_API_KEY ?? "",
  },
  paths: {
    sources: "./contracts",
    tests: "./test",
  },
};

export default config;
