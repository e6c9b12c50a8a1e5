import type { Sharp } from 'sharp';

export default function resize(img: Sharp, opts: Record<string, string>): Sharp {
  const width = Number(opts.width || 1080);
  return img.resize({ width, withoutEnlargement: true });
}
