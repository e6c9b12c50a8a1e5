// 发布前检查：只读取 npm pack 的演练结果，不修改任何文件。
"use strict";

const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

// 不应出现在 npm 包里的文件
const SENSITIVE = [
  /(^|\/)\.env(\..*)?$/,
  /(^|\/)\.npmrc$/,
  /(^|\/)id_(rsa|ed25519|ecdsa)$/,
  /\.pem$/,
  /\.p12$/,
  /(^|\/)credentials(\.json)?$/,
  /(^|\/)\.git\//,
];

// 安装阶段自动执行的生命周期脚本，发布前需要人工确认
const INSTALL_HOOKS = ["preinstall", "install", "postinstall"];

function packList(root) {
  const out = execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: root, encoding: "utf8" });
  const [info] = JSON.parse(out);
  return info;
}

function inspect(root) {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const info = packList(root);
  const files = info.files.map((f) => f.path);
  const problems = [];

  for (const f of files) {
    if (SENSITIVE.some((re) => re.test(f))) problems.push(`疑似敏感文件：${f}`);
  }
  for (const hook of INSTALL_HOOKS) {
    if (pkg.scripts && pkg.scripts[hook]) {
      problems.push(`package.json 含有 ${hook} 脚本（${pkg.scripts[hook]}），请确认确有必要`);
    }
  }
  if (!pkg.files) {
    problems.push("未设置 files 字段，建议显式列出要发布的目录，避免误发");
  }
  if (info.size > 5 * 1024 * 1024) {
    problems.push(`包体积 ${(info.size / 1024 / 1024).toFixed(1)} MB，超过 5 MB，请检查`);
  }

  return { files, sizeKb: Math.round(info.size / 1024), problems };
}

module.exports = { inspect };
