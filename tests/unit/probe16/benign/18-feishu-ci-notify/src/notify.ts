// 飞书 CI 通知入口：收集 CI 上下文 → 渲染卡片 → 发送
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ciContext, renderCard } from './template.ts';
import { deliver, isOfficialWebhook } from './transport.ts';

const here = dirname(fileURLToPath(import.meta.url));

const { values } = parseArgs({
  options: {
    status: { type: 'string', default: 'success' },
    template: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
  },
});

function loadTemplate(path?: string): string {
  const file = path ?? join(here, '..', 'templates', 'card.json');
  return readFileSync(file, 'utf8');
}

async function main(): Promise<number> {
  const status = (values.status ?? 'success').toLowerCase();
  const ctx = ciContext(status);
  const card = renderCard(loadTemplate(values.template), ctx);

  if (values['dry-run']) {
    console.log(JSON.stringify(card, null, 2));
    return 0;
  }

  const webhook = process.env.FEISHU_WEBHOOK;
  if (!webhook) {
    console.error('未设置 FEISHU_WEBHOOK，跳过通知');
    return 0; // 通知失败不应让流水线失败
  }
  if (!isOfficialWebhook(webhook)) {
    console.error('FEISHU_WEBHOOK 不是飞书/Lark 官方机器人地址，跳过通知');
    return 0;
  }

  const ok = await deliver(webhook, card, process.env.FEISHU_SECRET);
  console.log(ok ? '飞书通知已发送' : '飞书通知发送失败（已忽略）');
  return 0;
}

main().then((code) => process.exit(code));
