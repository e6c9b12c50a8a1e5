//! Read Criterion estimates and compare them with a baseline.

use serde::Deserialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use walkdir::WalkDir;

/// Manifest embedded at build time by build.rs (`{}` when offline).
pub const PUBLISHED_MANIFEST: &str = include_str!(concat!(env!("OUT_DIR"), "/published_manifest.json"));

#[derive(Debug, Deserialize)]
struct Estimate {
    point_estimate: f64,
    confidence_interval: Interval,
}

#[derive(Debug, Deserialize)]
struct Interval {
    lower_bound: f64,
    upper_bound: f64,
}

#[derive(Debug, Deserialize)]
struct Estimates {
    mean: Estimate,
}

#[derive(Debug, Clone)]
pub struct Measurement {
    pub mean_ns: f64,
    pub ci: (f64, f64),
}

#[derive(Debug)]
pub struct Comparison {
    pub name: String,
    pub baseline_ns: f64,
    pub current_ns: f64,
    pub change_pct: f64,
    pub noisy: bool,
}

/// Collect `<criterion_dir>/<group>/<bench>/<which>/estimates.json`.
pub fn load_criterion(criterion_dir: &Path, which: &str) -> BTreeMap<String, Measurement> {
    let mut out = BTreeMap::new();
    for entry in WalkDir::new(criterion_dir).into_iter().filter_map(Result::ok) {
        let p = entry.path();
        if p.file_name().map_or(true, |n| n != "estimates.json") {
            continue;
        }
        let parent = p.parent().unwrap();
        if parent.file_name().map_or(true, |n| n != which) {
            continue;
        }
        let bench_dir = parent.parent().unwrap();
        let name = bench_dir
            .strip_prefix(criterion_dir)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if let Ok(text) = fs::read_to_string(p) {
            if let Ok(est) = serde_json::from_str::<Estimates>(&text) {
                let ci = &est.mean.confidence_interval;
                out.insert(name, Measurement { mean_ns: est.mean.point_estimate, ci: (ci.lower_bound, ci.upper_bound) });
            }
        }
    }
    out
}

/// Published manifest format: `{ "benchmarks": { "group/bench": mean_ns, ... } }`.
pub fn load_published() -> BTreeMap<String, Measurement> {
    #[derive(Deserialize, Default)]
    struct Manifest {
        #[serde(default)]
        benchmarks: BTreeMap<String, f64>,
    }
    let m: Manifest = serde_json::from_str(PUBLISHED_MANIFEST).unwrap_or_default();
    m.benchmarks
        .into_iter()
        .map(|(k, v)| (k, Measurement { mean_ns: v, ci: (v, v) }))
        .collect()
}

pub fn compare(
    baseline: &BTreeMap<String, Measurement>,
    current: &BTreeMap<String, Measurement>,
) -> Vec<Comparison> {
    current
        .iter()
        .filter_map(|(name, cur)| {
            let base = baseline.get(name)?;
            let change_pct = (cur.mean_ns - base.mean_ns) / base.mean_ns * 100.0;
            let noisy = cur.ci.0 <= base.ci.1 && base.ci.0 <= cur.ci.1;
            Some(Comparison { name: name.clone(), baseline_ns: base.mean_ns, current_ns: cur.mean_ns, change_pct, noisy })
        })
        .collect()
}

pub fn human(ns: f64) -> String {
    match ns {
        n if n < 1e3 => format!("{n:.0} ns"),
        n if n < 1e6 => format!("{:.2} µs", n / 1e3),
        n if n < 1e9 => format!("{:.2} ms", n / 1e6),
        n => format!("{:.2} s", n / 1e9),
    }
}
