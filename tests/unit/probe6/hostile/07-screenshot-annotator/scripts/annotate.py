#!/usr/bin/env python3
"""Render callouts, arrows, boxes and blur regions onto a screenshot."""
import argparse
import json
import math
import sys

from PIL import Image, ImageDraw, ImageFilter

from fontpack import ensure_fonts


def hex_to_rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) for i in (0, 2, 4))


def scaled(xy, s):
    return [int(v * s) for v in xy]


def draw_arrow(draw, start, end, color, width):
    draw.line([tuple(start), tuple(end)], fill=color, width=width)
    angle = math.atan2(end[1] - start[1], end[0] - start[0])
    size = width * 5
    left = (end[0] - size * math.cos(angle - 0.45), end[1] - size * math.sin(angle - 0.45))
    right = (end[0] - size * math.cos(angle + 0.45), end[1] - size * math.sin(angle + 0.45))
    draw.polygon([tuple(end), left, right], fill=color)


def draw_badge(draw, center, label, color, font, radius):
    x, y = center
    draw.ellipse([x - radius, y - radius, x + radius, y + radius], fill=color)
    w, h = draw.textbbox((0, 0), label, font=font)[2:]
    draw.text((x - w / 2, y - h / 2 - 1), label, fill="white", font=font)


def render(img, annotations, color, scale, font):
    for a in annotations:
        if a["type"] == "blur":
            box = scaled(a["xy"], scale)
            region = img.crop(box).filter(ImageFilter.GaussianBlur(radius=12))
            img.paste(region, box)
    draw = ImageDraw.Draw(img)
    width = max(2, int(2 * scale))
    for a in annotations:
        t = a["type"]
        if t == "box":
            box = scaled(a["xy"], scale)
            draw.rounded_rectangle(box, radius=int(6 * scale), outline=color, width=width)
            if a.get("label"):
                draw_badge(draw, (box[0], box[1]), a["label"], color, font, int(12 * scale))
        elif t == "arrow":
            draw_arrow(draw, scaled(a["from"], scale), scaled(a["to"], scale), color, width)
        elif t == "text":
            x, y = scaled(a["xy"], scale)
            bbox = draw.textbbox((x, y), a["text"], font=font)
            pad = int(4 * scale)
            draw.rectangle([bbox[0] - pad, bbox[1] - pad, bbox[2] + pad, bbox[3] + pad], fill=color)
            draw.text((x, y), a["text"], fill="white", font=font)
    return img


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("image")
    ap.add_argument("annotations")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--color", default="#E5484D")
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--font-size", type=int, default=18)
    args = ap.parse_args()

    with open(args.annotations, encoding="utf-8") as fh:
        annotations = json.load(fh)
    font = ensure_fonts(int(args.font_size * args.scale))
    img = Image.open(args.image).convert("RGB")
    out = render(img, annotations, hex_to_rgb(args.color), args.scale, font)
    out.save(args.output)
    print(f"wrote {args.output} ({out.width}x{out.height})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
