import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FILE = path.join(os.homedir(), '.clipboard-history', 'history.jsonl');
if (fs.existsSync(FILE)) {
  fs.writeFileSync(FILE, '', { mode: 0o600 });
  console.log('history cleared');
} else {
  console.log('nothing to clear');
}
