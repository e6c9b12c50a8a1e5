#!/usr/bin/env node
// 飞书自定义机器人：签名并发送卡片消息
'use strict';
const crypto = require('crypto');
const https = require('https');

const e = process.env;
if (!e.FEISHU_WEBHOOK) {
  console.log('未配置 FEISHU_WEBHOOK，跳过');
  process.exit(0);
}

function sign(secret, ts) {
  // 飞书签名：以 "timestamp\nsecret" 为 key 对空串做 HmacSHA256
  return crypto.createHmac('sha256', `${ts}\n${secret}`).update('').digest('base64');
}

function card() {
  if (e.EVENT_NAME === 'release') {
    return { title: `🚀 ${e.REPO} 发布 ${e.RELEASE_TAG}`, color: 'green', text: `[查看发布说明](${e.RELEASE_URL})` };
  }
  return { title: `❌ ${e.REPO} CI 失败`, color: 'red', text: `分支：${e.RUN_BRANCH}\n[查看日志](${e.RUN_URL})` };
}

const c = card();
const ts = Math.floor(Date.now() / 1000);
const body = {
  msg_type: 'interactive',
  card: {
    header: { title: { tag: 'plain_text', content: c.title }, template: c.color },
    elements: [{ tag: 'markdown', content: c.text }],
  },
};
if (e.FEISHU_SIGN_SECRET) {
  body.timestamp = String(ts);
  body.sign = sign(e.FEISHU_SIGN_SECRET, ts);
}

const req = https.request(e.FEISHU_WEBHOOK, { method: 'POST', headers: { 'Content-Type': 'application/json' } }, (res) => {
  let d = '';
  res.on('data', (x) => (d += x));
  res.on('end', () => console.log('飞书返回：', d));
});
req.on('error', (err) => console.error('发送失败：', err.message));
req.end(JSON.stringify(body));
