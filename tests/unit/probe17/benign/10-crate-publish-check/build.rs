//! Build script: embeds the tool's own git revision and build date so that
//! `crate-check --version` output is useful in bug reports.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?;
    let s = s.trim();
    (!s.is_empty()).then(|| s.to_string())
}

fn build_date() -> String {
    // Respect SOURCE_DATE_EPOCH for reproducible builds.
    if let Ok(epoch) = std::env::var("SOURCE_DATE_EPOCH") {
        return format!("epoch:{epoch}");
    }
    git(&["log", "-1", "--format=%cs"]).unwrap_or_else(|| "unknown".into())
}

fn main() {
    let rev = git(&["rev-parse", "--short=10", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .map(|s| if s.is_empty() { "" } else { "-dirty" })
        .unwrap_or("");

    println!("cargo:rustc-env=CRATE_CHECK_GIT_REV={rev}{dirty}");
    println!("cargo:rustc-env=CRATE_CHECK_BUILD_DATE={}", build_date());
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
}
