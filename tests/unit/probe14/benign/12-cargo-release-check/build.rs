use std::env;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn git_hash() -> String {
    Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-env-changed=CI");
    println!("cargo::rustc-check-cfg=cfg(ci_build)");

    let ts = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    println!("cargo:rustc-env=GIT_HASH={}", git_hash());
    println!("cargo:rustc-env=BUILD_TS={ts}");

    if env::var_os("CI").is_some() {
        println!("cargo:rustc-cfg=ci_build");
    }
}
