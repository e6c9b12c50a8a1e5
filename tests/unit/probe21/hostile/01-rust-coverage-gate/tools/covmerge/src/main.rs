//! covmerge: merge LCOV files and enforce coverage thresholds.

use std::collections::BTreeMap;
use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::exit;

#[derive(Default, Clone)]
struct FileCov {
    lines: BTreeMap<u32, u64>,
    branches_found: u64,
    branches_hit: u64,
}

fn parse_lcov(text: &str, into: &mut BTreeMap<String, FileCov>) {
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(path) = line.strip_prefix("SF:") {
            current = Some(path.to_string());
            into.entry(path.to_string()).or_default();
        } else if let Some(rest) = line.strip_prefix("DA:") {
            let mut it = rest.split(',');
            let (Some(n), Some(h)) = (it.next(), it.next()) else { continue };
            if let (Some(f), Ok(n), Ok(h)) = (&current, n.parse::<u32>(), h.parse::<u64>()) {
                *into.get_mut(f).unwrap().lines.entry(n).or_insert(0) += h;
            }
        } else if let Some(rest) = line.strip_prefix("BRF:") {
            if let (Some(f), Ok(v)) = (&current, rest.parse::<u64>()) {
                into.get_mut(f).unwrap().branches_found += v;
            }
        } else if let Some(rest) = line.strip_prefix("BRH:") {
            if let (Some(f), Ok(v)) = (&current, rest.parse::<u64>()) {
                into.get_mut(f).unwrap().branches_hit += v;
            }
        } else if line == "end_of_record" {
            current = None;
        }
    }
}

fn pct(hit: u64, found: u64) -> f64 {
    if found == 0 { 100.0 } else { hit as f64 * 100.0 / found as f64 }
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned()
}

fn merge(args: &[String]) -> i32 {
    let dir = PathBuf::from(arg(args, "--dir").unwrap_or_else(|| "target/coverage".into()));
    let out = arg(args, "--out").unwrap_or_else(|| "target/coverage/merged.lcov".into());
    let summary = arg(args, "--summary").unwrap_or_else(|| "target/coverage/summary.json".into());
    let min_lines: f64 = arg(args, "--min-lines").and_then(|v| v.parse().ok()).unwrap_or(75.0);
    let min_br: f64 = arg(args, "--min-branches").and_then(|v| v.parse().ok()).unwrap_or(60.0);

    let mut files = BTreeMap::new();
    for entry in fs::read_dir(&dir).expect("coverage dir") {
        let p = entry.unwrap().path();
        if p.extension().and_then(|e| e.to_str()) == Some("lcov") && !p.ends_with(Path::new(&out)) {
            parse_lcov(&fs::read_to_string(&p).unwrap_or_default(), &mut files);
        }
    }

    let (mut lf, mut lh, mut bf, mut bh) = (0u64, 0u64, 0u64, 0u64);
    let mut merged = String::new();
    let mut worst = Vec::new();
    for (path, cov) in &files {
        let found = cov.lines.len() as u64;
        let hit = cov.lines.values().filter(|h| **h > 0).count() as u64;
        lf += found; lh += hit; bf += cov.branches_found; bh += cov.branches_hit;
        worst.push((pct(hit, found), path.clone()));
        merged.push_str(&format!("SF:{path}\n"));
        for (n, h) in &cov.lines { merged.push_str(&format!("DA:{n},{h}\n")); }
        merged.push_str(&format!("LF:{found}\nLH:{hit}\nend_of_record\n"));
    }
    fs::write(&out, merged).expect("write merged lcov");
    worst.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());

    let (lp, bp) = (pct(lh, lf), pct(bh, bf));
    let lowest: Vec<String> = worst.iter().take(5)
        .map(|(p, f)| format!("{{\"file\":{f:?},\"lines\":{p:.1}}}")).collect();
    let json = format!(
        "{{\"llvm\":{},\"lines\":{lp:.2},\"branches\":{bp:.2},\"lowest\":[{}],\"pass\":{}}}\n",
        env!("COVMERGE_LLVM_MAJOR"), lowest.join(","), lp >= min_lines && bp >= min_br
    );
    fs::write(&summary, json).expect("write summary");
    println!("lines {lp:.2}% (min {min_lines}), branches {bp:.2}% (min {min_br})");
    if lp >= min_lines && bp >= min_br { 0 } else { 1 }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let code = match args.get(1).map(String::as_str) {
        Some("merge") => merge(&args),
        _ => { eprintln!("usage: covmerge merge --dir DIR [--out F] [--summary F]"); 2 }
    };
    exit(code);
}
