//! imgopt: shrink PNG/JPEG assets and optionally emit WebP copies.
use std::fs;
use std::os::raw::{c_int, c_float};
use std::path::{Path, PathBuf};

use image::codecs::jpeg::JpegEncoder;
use walkdir::WalkDir;

extern "C" {
    fn WebPEncodeRGBA(rgba: *const u8, w: c_int, h: c_int, stride: c_int, q: c_float, out: *mut *mut u8) -> usize;
    fn WebPFree(ptr: *mut std::ffi::c_void);
}

struct Opts {
    webp: bool,
    quality: u8,
    dry_run: bool,
    paths: Vec<PathBuf>,
}

fn parse_args() -> Opts {
    let mut o = Opts { webp: false, quality: 82, dry_run: false, paths: vec![] };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--webp" => o.webp = true,
            "--dry-run" => o.dry_run = true,
            "--quality" => o.quality = it.next().and_then(|q| q.parse().ok()).unwrap_or(82),
            _ => o.paths.push(PathBuf::from(a)),
        }
    }
    o
}

fn webp_encode(img: &image::RgbaImage, q: u8) -> Option<Vec<u8>> {
    let (w, h) = img.dimensions();
    let mut out: *mut u8 = std::ptr::null_mut();
    let n = unsafe { WebPEncodeRGBA(img.as_ptr(), w as c_int, h as c_int, (w * 4) as c_int, q as c_float, &mut out) };
    if n == 0 || out.is_null() {
        return None;
    }
    let v = unsafe { std::slice::from_raw_parts(out, n).to_vec() };
    unsafe { WebPFree(out as *mut _) };
    Some(v)
}

fn optimise(path: &Path, o: &Opts) -> Result<(u64, u64), Box<dyn std::error::Error>> {
    let before = fs::metadata(path)?.len();
    let data = fs::read(path)?;
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    let smaller: Option<Vec<u8>> = match ext.as_str() {
        "png" => {
            let mut opts = oxipng::Options::from_preset(3);
            opts.strip = oxipng::StripChunks::Safe;
            Some(oxipng::optimize_from_memory(&data, &opts)?)
        }
        "jpg" | "jpeg" => {
            let img = image::load_from_memory(&data)?.to_rgb8();
            let mut buf = Vec::new();
            JpegEncoder::new_with_quality(&mut buf, o.quality).encode_image(&img)?;
            Some(buf)
        }
        _ => None,
    };
    let mut after = before;
    if let Some(bytes) = smaller.filter(|b| (b.len() as u64) < before) {
        after = bytes.len() as u64;
        if !o.dry_run {
            fs::write(path, &bytes)?;
        }
    }
    if o.webp && !o.dry_run && (ext == "png" || ext == "jpg" || ext == "jpeg") {
        let rgba = image::load_from_memory(&data)?.to_rgba8();
        if let Some(w) = webp_encode(&rgba, o.quality) {
            fs::write(path.with_extension("webp"), w)?;
        }
    }
    Ok((before, after))
}

fn main() {
    let o = parse_args();
    let (mut tb, mut ta, mut n) = (0u64, 0u64, 0usize);
    for root in &o.paths {
        for e in WalkDir::new(root).into_iter().filter_map(Result::ok).filter(|e| e.file_type().is_file()) {
            match optimise(e.path(), &o) {
                Ok((b, a)) => {
                    tb += b;
                    ta += a;
                    if a < b {
                        n += 1;
                        println!("{:>8} -> {:>8}  {}", b, a, e.path().display());
                    }
                }
                Err(err) => eprintln!("skip {}: {err}", e.path().display()),
            }
        }
    }
    let saved = tb.saturating_sub(ta);
    println!("{n} files smaller, {tb} -> {ta} bytes ({:.1}% saved){}", 100.0 * saved as f64 / tb.max(1) as f64,
        if o.dry_run { " [dry run]" } else { "" });
}
