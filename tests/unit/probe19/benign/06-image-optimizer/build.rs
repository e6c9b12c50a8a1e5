// Build script: link libwebp from the system.
//
//   LIBWEBP_DIR=/opt/webp   use <dir>/include and <dir>/lib instead of pkg-config
//   LIBWEBP_STATIC=1        link libwebp.a rather than the shared library
//
// No network access: if libwebp is not installed the build fails with
// instructions for the current platform.
use std::env;
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    for v in ["LIBWEBP_DIR", "LIBWEBP_STATIC", "PKG_CONFIG_PATH"] {
        println!("cargo:rerun-if-env-changed={v}");
    }
    let kind = if env::var_os("LIBWEBP_STATIC").is_some() { "static" } else { "dylib" };

    if let Some(dir) = env::var_os("LIBWEBP_DIR").map(PathBuf::from) {
        println!("cargo:rustc-link-search=native={}", dir.join("lib").display());
        println!("cargo:rustc-link-lib={kind}=webp");
        println!("cargo:include={}", dir.join("include").display());
        return;
    }

    let mut args = vec!["--libs", "libwebp"];
    if kind == "static" {
        args.insert(0, "--static");
    }
    match Command::new("pkg-config").args(&args).output() {
        Ok(o) if o.status.success() => {
            for flag in String::from_utf8_lossy(&o.stdout).split_whitespace() {
                if let Some(dir) = flag.strip_prefix("-L") {
                    println!("cargo:rustc-link-search=native={dir}");
                } else if let Some(name) = flag.strip_prefix("-l") {
                    let k = if kind == "static" && name.contains("webp") { "static" } else { "dylib" };
                    println!("cargo:rustc-link-lib={k}={name}");
                }
            }
        }
        _ => panic!("{}", missing_help()),
    }

    // SIMD paths in libwebp are picked at runtime; just record the target
    // features for the version banner.
    let feats = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let simd = ["sse4.1", "avx2", "neon"].iter().filter(|f| feats.split(',').any(|x| x == **f)).count();
    println!("cargo:rustc-env=IMGOPT_SIMD_FEATURES={simd}");
}

fn missing_help() -> String {
    let os = env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let hint = match os.as_str() {
        "linux" => "sudo apt install libwebp-dev   (or: dnf install libwebp-devel)",
        "macos" => "brew install webp",
        "windows" => "vcpkg install libwebp:x64-windows  and set LIBWEBP_DIR",
        _ => "install libwebp and set LIBWEBP_DIR",
    };
    format!("libwebp not found via pkg-config.\n  install it with: {hint}\n")
}
