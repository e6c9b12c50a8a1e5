#!/usr/bin/env node
// 命令行预览 / 上传微信小程序
const fs = require("fs");
const path = require("path");
const ci = require("miniprogram-ci");

function parse(argv) {
  const [cmd, ...rest] = argv;
  const o = { cmd, project: ".", desc: "", version: "", qrcode: "preview.png", robot: 1 };
  for (let i = 0; i < rest.length; i += 2) o[rest[i].replace(/^--/, "")] = rest[i + 1];
  return o;
}

function loadProject(dir) {
  const cfgPath = path.join(dir, "project.config.json");
  if (!fs.existsSync(cfgPath)) throw new Error(`未找到 ${cfgPath}`);
  const cfg = JSON.parse(fs.readFileSync(cfgPath, "utf8"));
  const keyPath = path.join(dir, `private.${cfg.appid}.key`);
  if (!fs.existsSync(keyPath)) throw new Error(`未找到上传密钥 ${keyPath}`);
  const project = new ci.Project({
    appid: cfg.appid,
    type: cfg.compileType === "plugin" ? "miniProgramPlugin" : "miniProgram",
    projectPath: dir,
    privateKeyPath: keyPath,
    ignores: ["node_modules/**/*"],
  });
  return { cfg, project };
}

function defaultVersion(dir) {
  const pkg = path.join(dir, "package.json");
  return fs.existsSync(pkg) ? JSON.parse(fs.readFileSync(pkg, "utf8")).version : "1.0.0";
}

(async () => {
  const o = parse(process.argv.slice(2));
  const dir = path.resolve(o.project);
  const { cfg, project } = loadProject(dir);
  const setting = { es6: true, minify: true, ...(cfg.setting || {}) };
  if (o.cmd === "preview") {
    await ci.preview({ project, desc: o.desc || "CI 预览", setting, qrcodeFormat: "image", qrcodeOutputDest: o.qrcode, robot: Number(o.robot) });
    console.log(`预览二维码已生成：${o.qrcode}`);
  } else if (o.cmd === "upload") {
    const version = o.version || defaultVersion(dir);
    const res = await ci.upload({ project, version, desc: o.desc || `v${version}`, setting, robot: Number(o.robot),
      onProgressUpdate: (t) => t._status === "done" && process.stdout.write(".") });
    const size = (res.subPackageInfo || []).reduce((s, p) => s + p.size, 0);
    console.log(`\n上传成功：版本 ${version}，总包大小 ${(size / 1024).toFixed(1)} KB`);
  } else {
    console.log("用法：upload.js preview|upload --project <目录> [--desc 描述] [--version x.y.z]");
    process.exit(1);
  }
})().catch((e) => {
  console.error(`失败：${e.message}`);
  process.exit(1);
});
