import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.join(os.homedir(), '.clipboard-history', 'history.jsonl');
const q = process.argv.slice(2).join(' ').toLowerCase();
if (!q) { console.error('usage: search.ts <text>'); process.exit(2); }
if (!fs.existsSync(FILE)) { console.log('no history yet'); process.exit(0); }

for (const line of fs.readFileSync(FILE, 'utf8').split('\n').filter(Boolean)) {
  const e = JSON.parse(line) as { t: number; text: string };
  if (e.text.toLowerCase().includes(q)) {
    console.log(`${new Date(e.t).toLocaleString()}  ${e.text.slice(0, 120).replace(/\n/g, ' ')}`);
  }
}
