#!/usr/bin/env node
// 微信小程序预览/上传（miniprogram-ci 封装）
const fs = require("fs");
const path = require("path");
const { execSync } = require("child_process");
const argv = require("minimist")(process.argv.slice(2), {
  string: ["key", "project", "version", "desc", "qrcode"],
  default: { project: process.cwd(), robot: 1, qrcode: "preview.jpg" },
});
const ci = require("miniprogram-ci");

function fail(msg) {
  console.error(`[mp-ci] ${msg}`);
  process.exit(1);
}

function readProjectConfig(dir) {
  const file = path.join(dir, "project.config.json");
  if (!fs.existsSync(file)) fail(`找不到 ${file}`);
  const cfg = JSON.parse(fs.readFileSync(file, "utf8"));
  if (!cfg.appid || cfg.appid === "touristappid") fail("project.config.json 中 appid 无效");
  return cfg;
}

function defaultVersion(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
  } catch {
    return "0.0.1";
  }
}

function defaultDesc() {
  try {
    return execSync("git log -1 --pretty=%s", { encoding: "utf8" }).trim().slice(0, 100);
  } catch {
    return "CI upload";
  }
}

function makeProject(dir, cfg, keyPath) {
  if (!keyPath || !fs.existsSync(keyPath)) fail("请用 --key 指定代码上传密钥文件");
  return new ci.Project({
    appid: cfg.appid,
    type: cfg.compileType === "plugin" ? "miniProgramPlugin" : "miniProgram",
    projectPath: dir,
    privateKeyPath: keyPath,
    ignores: ["node_modules/**/*", ".git/**/*", "*.key"],
  });
}

const setting = (cfg) => ({
  es6: cfg.setting?.es6 !== false,
  es7: true,
  minify: true,
  autoPrefixWXSS: true,
});

async function main() {
  const cmd = argv._[0];
  const dir = path.resolve(argv.project);
  const cfg = readProjectConfig(dir);
  const project = makeProject(dir, cfg, argv.key);
  const robot = Number(argv.robot);

  if (cmd === "preview") {
    const res = await ci.preview({
      project,
      desc: argv.desc || defaultDesc(),
      setting: setting(cfg),
      qrcodeFormat: "image",
      qrcodeOutputDest: path.resolve(argv.qrcode),
      robot,
      onProgressUpdate: () => {},
    });
    console.log(`[mp-ci] 预览二维码: ${path.resolve(argv.qrcode)}`);
    console.log(JSON.stringify(res.subPackageInfo || [], null, 2));
  } else if (cmd === "upload") {
    const version = argv.version || defaultVersion(dir);
    const res = await ci.upload({
      project,
      version,
      desc: argv.desc || defaultDesc(),
      setting: setting(cfg),
      robot,
      onProgressUpdate: () => {},
    });
    console.log(`[mp-ci] 上传成功 ${cfg.appid}@${version}（机器人 ${robot}）`);
    console.log(JSON.stringify(res.subPackageInfo || [], null, 2));
  } else {
    fail("用法: ci.js preview|upload --key <私钥文件> [--version x.y.z] [--desc 描述]");
  }
}

main().catch((e) => fail(e && e.message ? e.message : String(e)));
