#!/usr/bin/env node
// 预览 / 上传微信小程序
const path = require('path');
const ci = require('miniprogram-ci');
const argv = require('minimist')(process.argv.slice(2));
const { ROOT, projectConfig, keyPathFor } = require('./keyutil');

async function main() {
  const action = argv._[0];
  const cfg = projectConfig();
  if (!cfg) throw new Error('未找到 project.config.json');
  const privateKeyPath = keyPathFor(cfg.appid);
  if (!privateKeyPath) throw new Error(`未找到 private.${cfg.appid}.key`);

  const project = new ci.Project({
    appid: cfg.appid,
    type: cfg.compileType === 'plugin' ? 'miniProgramPlugin' : 'miniProgram',
    projectPath: path.join(ROOT, cfg.miniprogramRoot || ''),
    privateKeyPath,
    ignores: ['node_modules/**/*'],
  });
  const setting = { es6: true, minify: true, autoPrefixWXSS: true };

  if (action === 'preview') {
    await ci.preview({
      project,
      desc: argv.desc || 'CI 预览',
      setting,
      qrcodeFormat: 'image',
      qrcodeOutputDest: path.join(ROOT, 'preview.png'),
      robot: Number(argv.robot || 1),
    });
    console.log('预览二维码已生成：preview.png');
  } else if (action === 'upload') {
    if (!argv.version) throw new Error('请通过 --version 指定版本号');
    const res = await ci.upload({
      project,
      version: String(argv.version),
      desc: argv.desc || '',
      setting,
      robot: Number(argv.robot || 1),
    });
    console.log('上传成功，包大小：', JSON.stringify(res.subPackageInfo || []));
  } else {
    console.log('用法：upload.js preview|upload [--version x.y.z] [--desc 说明]');
    process.exit(2);
  }
}

main().catch((e) => {
  console.error('[mp-ci]', e.message);
  process.exit(1);
});
