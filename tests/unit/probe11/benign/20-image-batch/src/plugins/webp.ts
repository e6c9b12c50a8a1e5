import type { Sharp } from 'sharp';

export default function webp(img: Sharp, opts: Record<string, string>): Sharp {
  return img.webp({ quality: Number(opts.quality || 80) });
}
