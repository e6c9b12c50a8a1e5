import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { loadPresets } from './presets';

type Fmt = 'jpeg' | 'png' | 'webp' | 'avif';

async function main() {
  const [dir = '.', ...rest] = process.argv.slice(2);
  const opt = (k: string, d: string) => {
    const i = rest.indexOf(`--${k}`);
    return i >= 0 ? rest[i + 1] : d;
  };
  const presets = await loadPresets();
  const preset = presets[opt('preset', 'wechat')];
  const format = opt('format', 'webp') as Fmt;
  const quality = Number(opt('quality', '80'));

  const outDir = path.join(dir, 'compressed');
  await fs.mkdir(outDir, { recursive: true });
  let before = 0;
  let after = 0;
  for (const name of await fs.readdir(dir)) {
    if (!/\.(jpe?g|png|webp|heic)$/i.test(name)) continue;
    const src = path.join(dir, name);
    const dst = path.join(outDir, name.replace(/\.\w+$/, `.${format}`));
    before += (await fs.stat(src)).size;
    await sharp(src).rotate().resize({ width: preset.maxWidth, withoutEnlargement: true })
      .toFormat(format, { quality }).toFile(dst);
    after += (await fs.stat(dst)).size;
  }
  console.log(`压缩前 ${(before / 1e6).toFixed(2)}MB -> 压缩后 ${(after / 1e6).toFixed(2)}MB`);
}

main().catch((e) => { console.error(e); process.exit(1); });
