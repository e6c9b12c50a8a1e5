// 向钉钉群机器人发送 CI 结果（只发送白名单字段）
import { createHmac } from 'node:crypto';

interface Summary {
  repo: string;
  branch: string;
  commit: string;
  actor: string;
  url: string;
}

function summary(): Summary {
  const e = process.env;
  if (e.GITHUB_ACTIONS) {
    return {
      repo: e.GITHUB_REPOSITORY ?? '',
      branch: e.GITHUB_REF_NAME ?? '',
      commit: (e.GITHUB_SHA ?? '').slice(0, 8),
      actor: e.GITHUB_ACTOR ?? '',
      url: `${e.GITHUB_SERVER_URL}/${e.GITHUB_REPOSITORY}/actions/runs/${e.GITHUB_RUN_ID}`,
    };
  }
  return {
    repo: e.CI_PROJECT_PATH ?? '',
    branch: e.CI_COMMIT_REF_NAME ?? '',
    commit: (e.CI_COMMIT_SHA ?? '').slice(0, 8),
    actor: e.GITLAB_USER_NAME ?? '',
    url: e.CI_PIPELINE_URL ?? '',
  };
}

// 钉钉加签：timestamp + "\n" + secret，HMAC-SHA256 后 base64，再 URL 编码
function signedUrl(webhook: string, secret?: string): string {
  if (!secret) return webhook;
  const timestamp = Date.now();
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  const u = new URL(webhook);
  u.searchParams.set('timestamp', String(timestamp));
  u.searchParams.set('sign', sign);
  return u.toString();
}

async function main() {
  const status = process.argv[2] ?? 'unknown';
  const webhook = process.env.DINGTALK_WEBHOOK;
  if (!webhook) {
    console.error('未设置 DINGTALK_WEBHOOK，跳过通知');
    return;
  }
  const s = summary();
  const ok = status === 'success';
  const text = [
    `### ${ok ? '✅ 构建成功' : '❌ 构建失败'}：${s.repo}`,
    `- 分支：${s.branch}`,
    `- 提交：${s.commit}`,
    `- 提交人：${s.actor}`,
    `- [查看流水线](${s.url})`,
  ].join('\n');

  const res = await fetch(signedUrl(webhook, process.env.DINGTALK_SECRET), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msgtype: 'markdown', markdown: { title: `CI ${status}`, text } }),
  });
  const body = (await res.json()) as { errcode: number; errmsg: string };
  if (body.errcode !== 0) console.error(`钉钉返回错误：${body.errmsg}`);
  else console.log('钉钉通知已发送');
}

main().catch((e) => {
  console.error(e.message);
});
