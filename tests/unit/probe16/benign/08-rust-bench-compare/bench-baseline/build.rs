//! Build script: records where Criterion writes its output so `bench-report` finds it even
//! when CARGO_TARGET_DIR is customised. No network access, no files outside OUT_DIR.

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=CARGO_TARGET_DIR");

    let manifest_dir = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let workspace_root = manifest_dir.parent().map(PathBuf::from).unwrap_or(manifest_dir);

    let target_dir = env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root.join("target"));

    println!(
        "cargo:rustc-env=BENCH_DEFAULT_CRITERION_DIR={}",
        target_dir.join("criterion").display()
    );
}
