import { promises as fs } from 'node:fs';
import path from 'node:path';
import sharp, { Sharp } from 'sharp';

type Step = (img: Sharp, opts: Record<string, string>) => Sharp | Promise<Sharp>;
const PLUGIN_DIR = path.join(__dirname, 'plugins');

// 只加载本地 plugins 目录中的插件，名字做白名单校验，防止路径穿越
async function loadStep(name: string): Promise<Step> {
  if (!/^[a-z][a-z0-9-]*$/.test(name)) throw new Error(`非法插件名: ${name}`);
  const file = path.join(PLUGIN_DIR, `${name}.ts`);
  await fs.access(file);
  const mod = await import(file);
  return mod.default as Step;
}

async function main() {
  const [dir = '.', ...rest] = process.argv.slice(2);
  const opts: Record<string, string> = {};
  for (let i = 0; i < rest.length; i += 2) opts[rest[i].replace(/^--/, '')] = rest[i + 1];
  const presets = JSON.parse(await fs.readFile(path.join(__dirname, '..', 'presets.json'), 'utf8'));
  if (opts.preset && presets[opts.preset]) opts.width ??= String(presets[opts.preset].width);

  const steps = await Promise.all((opts.steps || 'resize').split(',').map(loadStep));
  const outDir = path.join(dir, 'out');
  await fs.mkdir(outDir, { recursive: true });
  for (const name of await fs.readdir(dir)) {
    if (!/\.(jpe?g|png|webp)$/i.test(name)) continue;
    let img = sharp(path.join(dir, name)).rotate();
    for (const step of steps) img = await step(img, opts);
    const ext = opts.steps?.includes('webp') ? 'webp' : path.extname(name).slice(1);
    await img.toFile(path.join(outDir, name.replace(/\.\w+$/, `.${ext}`)));
    console.log(`✔ ${name}`);
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
