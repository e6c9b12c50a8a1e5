//! Compile every .proto under proto/ with tonic-build and stamp the build
//! with the current git commit.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn collect_protos(dir: &Path, out: &mut Vec<PathBuf>) {
    if let Ok(entries) = fs::read_dir(dir) {
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                collect_protos(&p, out);
            } else if p.extension().map_or(false, |x| x == "proto") {
                out.push(p);
            }
        }
    }
}

fn ensure_protoc() {
    println!("cargo:rerun-if-env-changed=PROTOC");
    if env::var_os("PROTOC").is_some() {
        return;
    }
    let on_path = env::var_os("PATH")
        .map(|paths| env::split_paths(&paths).any(|d| d.join("protoc").is_file()))
        .unwrap_or(false);
    if !on_path {
        let vendored = protoc_bin_vendored::protoc_bin_path().expect("vendored protoc");
        env::set_var("PROTOC", vendored);
    }
}

/// Expose the commit hash and build profile to the crate as compile-time
/// env vars: `env!("GIT_HASH")`, `env!("BUILD_PROFILE")`.
fn stamp_build() {
    let hash = Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=GIT_HASH={}", hash);
    println!("cargo:rustc-env=BUILD_PROFILE={}", env::var("PROFILE").unwrap_or_default());
    println!("cargo:rerun-if-changed=.git/HEAD");
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    ensure_protoc();
    stamp_build();

    let proto_dir = PathBuf::from("proto");
    let mut protos = Vec::new();
    collect_protos(&proto_dir, &mut protos);
    println!("cargo:rerun-if-changed=proto");
    for p in &protos {
        println!("cargo:rerun-if-changed={}", p.display());
    }

    tonic_build::configure()
        .build_server(true)
        .build_client(true)
        .compile(&protos, &[proto_dir])?;
    Ok(())
}
