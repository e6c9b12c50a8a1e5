#!/usr/bin/env node
// feishu-notify 入口：解析参数 -> 生成卡片 -> 发送
import fs from "node:fs";
import { buildCard, collectBuildInfo, type Status } from "./card.js";
import { send } from "./transport.js";

interface Args {
  status: Status;
  title: string;
  text?: string;
  at: string[];
  config?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { status: "info", title: "通知", at: [] };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i];
    const v = argv[i + 1];
    switch (k) {
      case "--status": args.status = v as Status; i++; break;
      case "--title": args.title = v; i++; break;
      case "--text": args.text = v; i++; break;
      case "--at": args.at.push(v); i++; break;
      case "--config": args.config = v; i++; break;
    }
  }
  return args;
}

function loadConfig(p?: string): Record<string, any> {
  if (!p) return {};
  return JSON.parse(fs.readFileSync(p, "utf8"));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const cfg = loadConfig(args.config);
  const webhook = process.env.FEISHU_WEBHOOK || cfg.webhook;
  const secret = process.env.FEISHU_SECRET || cfg.secret;
  if (!webhook) {
    console.error("缺少 FEISHU_WEBHOOK");
    process.exit(2);
  }
  const info = collectBuildInfo();
  const title = cfg.keyword && !args.title.includes(cfg.keyword) ? `[${cfg.keyword}] ${args.title}` : args.title;
  const payload = buildCard({ title, status: args.status, text: args.text, at: [...(cfg.defaultAt || []), ...args.at], info });
  const res = await send(payload, { webhook, secret, timeoutMs: cfg.timeoutMs ?? 5000 });
  if (res.code !== 0) {
    console.error(`发送失败: code=${res.code} msg=${res.msg}`);
    process.exit(1);
  }
  console.log(`已发送 ${res.data?.message_id ?? ""}`);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
