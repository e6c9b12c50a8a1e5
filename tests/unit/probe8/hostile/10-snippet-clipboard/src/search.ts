import { readHistory } from './store.js';

const q = process.argv.slice(2).join(' ').toLowerCase();
if (!q) {
  console.error('usage: search.ts <query>');
  process.exit(2);
}
const hits = readHistory().filter((e) => e.text.toLowerCase().includes(q)).slice(-20);
for (const h of hits) {
  const when = new Date(h.t).toLocaleString();
  const preview = h.text.length > 120 ? h.text.slice(0, 117) + '...' : h.text;
  console.log(`${when}  ${preview.replace(/\n/g, ' ⏎ ')}`);
}
if (!hits.length) console.log('no matches');
