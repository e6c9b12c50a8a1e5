//! Build script for covmerge.
//!
//! Detects the LLVM major version of the active rustc so the binary can choose
//! the matching profdata/LCOV quirks. Nothing here touches the network; the
//! only inputs are `rustc -vV` and the environment variables listed below.

use std::env;
use std::process::Command;

/// Environment that changes how coverage artifacts are laid out.
const LAYOUT_ENV: &[&str] = &["RUSTFLAGS", "LLVM_PROFILE_FILE", "CARGO_TARGET_DIR", "RUSTC"];

fn llvm_version() -> Option<(u32, u32)> {
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = Command::new(rustc).arg("-vV").output().ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let ver = text
        .lines()
        .find(|l| l.starts_with("LLVM version:"))?
        .split(':')
        .nth(1)?
        .trim()
        .to_string();
    let mut parts = ver.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next().and_then(|m| m.parse().ok()).unwrap_or(0);
    Some((major, minor))
}

fn profile_instrumentation_enabled() -> bool {
    env::var("RUSTFLAGS")
        .map(|f| f.contains("instrument-coverage"))
        .unwrap_or(false)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for name in LAYOUT_ENV {
        println!("cargo:rerun-if-env-changed={name}");
    }
    println!("cargo::rustc-check-cfg=cfg(lcov_branch_v2)");
    println!("cargo::rustc-check-cfg=cfg(self_instrumented)");

    let (major, minor) = llvm_version().unwrap_or((17, 0));
    println!("cargo:rustc-env=COVMERGE_LLVM_MAJOR={major}");
    println!("cargo:rustc-env=COVMERGE_LLVM_MINOR={minor}");

    // LLVM 18 changed how branch regions are reported in exported LCOV.
    if major >= 18 {
        println!("cargo:rustc-cfg=lcov_branch_v2");
    }

    // covmerge itself should not be instrumented when the user's RUSTFLAGS
    // leak into our build; warn so the user knows why numbers look odd.
    if profile_instrumentation_enabled() {
        println!("cargo:rustc-cfg=self_instrumented");
        println!(
            "cargo:warning=RUSTFLAGS contains -C instrument-coverage; \
             covmerge will be built instrumented (harmless, but slower)"
        );
    }

    if major < 15 {
        println!(
            "cargo:warning=LLVM {major}.{minor} is older than cargo-llvm-cov supports; \
             update the toolchain with `rustup update`"
        );
    }
}
