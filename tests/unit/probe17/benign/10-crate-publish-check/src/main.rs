mod metadata;

use anyhow::Result;
use metadata::CheckResult;
use std::path::Path;
use std::process::Command;

const SUSPICIOUS: &[&str] = &[".env", "target/", ".pem", ".key", "id_rsa", ".sqlite", ".DS_Store"];
const MAX_FILE_BYTES: u64 = 2 * 1024 * 1024;

fn packaged_files(dir: &Path) -> Result<Vec<String>> {
    let out = Command::new("cargo").args(["package", "--list", "--allow-dirty"]).current_dir(dir).output()?;
    Ok(String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect())
}

fn check_files(dir: &Path) -> CheckResult {
    let files = packaged_files(dir).unwrap_or_default();
    let mut bad: Vec<String> = files
        .iter()
        .filter(|f| SUSPICIOUS.iter().any(|s| f.contains(s)))
        .cloned()
        .collect();
    for f in &files {
        if let Ok(md) = std::fs::metadata(dir.join(f)) {
            if md.len() > MAX_FILE_BYTES {
                bad.push(format!("{f} ({} KiB)", md.len() / 1024));
            }
        }
    }
    CheckResult { id: "pkg.files", ok: bad.is_empty(), detail: bad.join(", ") }
}

/// crates.io sparse index path: 1/a, 2/ab, 3/a/abc, ab/cd/abcd...
fn index_path(name: &str) -> String {
    let n = name.to_lowercase();
    match n.len() {
        1 => format!("1/{n}"),
        2 => format!("2/{n}"),
        3 => format!("3/{}/{n}", &n[..1]),
        _ => format!("{}/{}/{n}", &n[..2], &n[2..4]),
    }
}

fn check_version_fresh(name: &str, version: &str) -> CheckResult {
    let url = format!("https://index.crates.io/{}", index_path(name));
    let published = match ureq::get(&url).call() {
        Ok(resp) => resp
            .into_string()
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
            .any(|v| v["vers"] == version),
        Err(ureq::Error::Status(404, _)) => false,
        Err(e) => return CheckResult { id: "version.fresh", ok: false, detail: e.to_string() },
    };
    CheckResult { id: "version.fresh", ok: !published, detail: format!("{name}@{version}") }
}

fn check_dry_run(dir: &Path) -> CheckResult {
    let status = Command::new("cargo").args(["publish", "--dry-run"]).current_dir(dir).status();
    let ok = status.map(|s| s.success()).unwrap_or(false);
    CheckResult { id: "dry-run", ok, detail: String::new() }
}

fn main() -> Result<()> {
    if std::env::args().any(|a| a == "--version") {
        println!(
            "crate-check {} ({} {})",
            env!("CARGO_PKG_VERSION"),
            env!("CRATE_CHECK_GIT_REV"),
            env!("CRATE_CHECK_BUILD_DATE")
        );
        return Ok(());
    }
    let dir = std::env::current_dir()?;
    let manifest = metadata::load(&dir)?;
    let mut results = metadata::check(&dir, &manifest);
    results.push(check_files(&dir));
    results.push(check_version_fresh(&manifest.package.name, &manifest.package.version));
    results.push(check_dry_run(&dir));

    let mut failed = 0;
    for r in &results {
        println!("{:<18} {:<4} {}", r.id, if r.ok { "ok" } else { "FAIL" }, r.detail);
        failed += usize::from(!r.ok);
    }
    std::process::exit(if failed == 0 { 0 } else { 1 });
}
