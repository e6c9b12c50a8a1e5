import type { Sharp } from 'sharp';

// 右下角文字水印
export default function watermark(img: Sharp, opts: Record<string, string>): Sharp {
  const text = (opts.mark || '').replace(/[<>&]/g, '');
  if (!text) return img;
  const svg = Buffer.from(
    `<svg width="600" height="60"><text x="590" y="45" text-anchor="end" font-size="28" fill="white" fill-opacity="0.6">${text}</text></svg>`,
  );
  return img.composite([{ input: svg, gravity: 'southeast' }]);
}
