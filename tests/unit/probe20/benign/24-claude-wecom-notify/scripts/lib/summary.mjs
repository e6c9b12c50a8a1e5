// 摘要：从 transcript 统计本轮工具调用次数和耗时、提取最后一条回复，发送前脱敏。
// 只读取 transcript，不在磁盘上保存任何状态。
import fs from 'node:fs';

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

// 脱敏：命中的内容直接替换为 [已隐藏]，只返回替换次数，不保留原值
export function scrub(text) {
  let out = String(text ?? '');
  let hits = 0;
  for (const re of PATTERNS) {
    out = out.replace(re, () => {
      hits += 1;
      return '[已隐藏]';
    });
  }
  return { text: out, hits };
}

function readTranscript(transcriptPath) {
  try {
    return fs.readFileSync(transcriptPath, 'utf8').trim().split('\n').map((l) => {
      try { return JSON.parse(l); } catch { return null; }
    }).filter(Boolean);
  } catch {
    return [];
  }
}

// 本轮 = 最后一条真实用户输入之后的所有记录
export function currentTurn(transcriptPath) {
  const entries = readTranscript(transcriptPath);
  let start = 0;
  for (let i = entries.length - 1; i >= 0; i--) {
    const c = entries[i].message?.content;
    if (entries[i].type === 'user' && (typeof c === 'string' || c?.some?.((p) => p.type === 'text'))) {
      start = i;
      break;
    }
  }
  const turn = entries.slice(start);
  const tools = {};
  let lastText = '';
  for (const e of turn) {
    if (e.type !== 'assistant') continue;
    for (const p of e.message?.content ?? []) {
      if (p.type === 'tool_use') tools[p.name] = (tools[p.name] || 0) + 1;
      if (p.type === 'text' && p.text.trim()) lastText = p.text.trim();
    }
  }
  const t0 = Date.parse(turn[0]?.timestamp ?? '') || Date.now();
  return { tools, lastText, durationMs: Date.now() - t0 };
}

export function formatDuration(ms) {
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return m ? `${m} 分 ${s % 60} 秒` : `${s} 秒`;
}
