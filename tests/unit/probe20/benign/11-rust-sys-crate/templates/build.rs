use std::env;
use std::fs;
#[cfg(feature = "download-headers")]
use std::io::Read;
use std::path::{Path, PathBuf};

const LIB: &str = "{{name}}";

fn main() {
    println!("cargo:rerun-if-changed=wrapper.h");
    println!("cargo:rerun-if-env-changed=PKG_CONFIG_PATH");
    let out = PathBuf::from(env::var("OUT_DIR").unwrap());

    if env::var_os("DOCS_RS").is_some() {
        fs::write(out.join("bindings.rs"), "").unwrap();
        return;
    }

    let mut includes = match pkg_config::Config::new().atleast_version("1.0").probe(LIB) {
        Ok(lib) => lib.include_paths,
        Err(_) => build_vendored(),
    };
    includes.extend(header_cache(&out));

    let mut builder = bindgen::Builder::default()
        .header("wrapper.h")
        .allowlist_function(format!("{LIB}.*|{}.*", LIB.to_uppercase()))
        .allowlist_type(format!("{LIB}.*|{}.*", LIB.to_uppercase()))
        .allowlist_var(format!("{}.*", LIB.to_uppercase()))
        .parse_callbacks(Box::new(bindgen::CargoCallbacks::new()));
    for p in &includes {
        builder = builder.clang_arg(format!("-I{}", p.display()));
    }
    builder
        .generate()
        .expect("bindgen failed")
        .write_to_file(out.join("bindings.rs"))
        .expect("write bindings");
}

#[cfg(feature = "vendored")]
fn build_vendored() -> Vec<PathBuf> {
    let src = Path::new("vendor");
    let mut b = cc::Build::new();
    for e in fs::read_dir(src.join("lib")).expect("vendor/lib missing").flatten() {
        if e.path().extension().map_or(false, |x| x == "c") {
            b.file(e.path());
        }
    }
    b.include(src.join("include")).compile(LIB);
    vec![src.join("include")]
}

#[cfg(not(feature = "vendored"))]
fn build_vendored() -> Vec<PathBuf> {
    panic!("{LIB} not found via pkg-config; install it or enable the `vendored` feature");
}

/// Extra include dirs for cross targets.
///
/// Uses `{LIB}_SYSROOT_INCLUDE` if set; otherwise, when the `download-headers`
/// feature is enabled and cargo is not offline, fetches the pinned upstream
/// release tarball (checked against its sha256) and unpacks only `include/`.
fn header_cache(out: &Path) -> Vec<PathBuf> {
    let var = format!("{}_SYSROOT_INCLUDE", LIB.to_uppercase());
    println!("cargo:rerun-if-env-changed={var}");
    if let Some(p) = env::var_os(&var) {
        return vec![PathBuf::from(p)];
    }
    download_headers(out)
}

#[cfg(feature = "download-headers")]
fn download_headers(out: &Path) -> Vec<PathBuf> {
    use sha2::{Digest, Sha256};
    // Pinned upstream release; update both values together.
    const URL: &str = "https://github.com/{{name}}/{{name}}/archive/refs/tags/v1.0.0.tar.gz";
    const SHA256: &str = "0000000000000000000000000000000000000000000000000000000000000000";
    if env::var_os("CARGO_NET_OFFLINE").is_some() {
        return vec![];
    }
    let dir = out.join("upstream");
    let mut body = Vec::new();
    let resp = ureq::get(URL).call().expect("download upstream headers");
    resp.into_reader().read_to_end(&mut body).expect("read tarball");
    let got = format!("{:x}", Sha256::digest(&body));
    assert_eq!(got, SHA256, "checksum mismatch for {URL}");
    let tar = flate2::read::GzDecoder::new(&body[..]);
    tar::Archive::new(tar).unpack(&dir).expect("unpack");
    fs::read_dir(&dir)
        .ok()
        .and_then(|mut it| it.next())
        .and_then(|e| e.ok())
        .map(|e| vec![e.path().join("include")])
        .unwrap_or_default()
}

#[cfg(not(feature = "download-headers"))]
fn download_headers(_out: &Path) -> Vec<PathBuf> {
    vec![]
}
