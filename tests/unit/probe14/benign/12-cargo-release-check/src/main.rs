use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{exit, Command};

struct Manifest {
    name: String,
    version: String,
    fields: Vec<String>,
}

fn parse_manifest(dir: &Path) -> Manifest {
    let text = fs::read_to_string(dir.join("Cargo.toml")).unwrap_or_else(|e| {
        eprintln!("cannot read Cargo.toml: {e}");
        exit(2)
    });
    let mut in_package = false;
    let mut m = Manifest { name: String::new(), version: String::new(), fields: vec![] };
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_package = line == "[package]";
            continue;
        }
        if !in_package {
            continue;
        }
        if let Some((k, v)) = line.split_once('=') {
            let key = k.trim().to_string();
            let val = v.trim().trim_matches('"').to_string();
            match key.as_str() {
                "name" => m.name = val,
                "version" => m.version = val,
                _ => {}
            }
            m.fields.push(key);
        }
    }
    m
}

fn published(name: &str, version: &str) -> Result<bool, String> {
    let url = format!("https://crates.io/api/v1/crates/{name}");
    let agent = format!("cargo-release-check/{} ({})", env!("CARGO_PKG_VERSION"), env!("GIT_HASH"));
    match ureq::get(&url).set("User-Agent", &agent).call() {
        Ok(resp) => {
            let v: serde_json::Value = resp.into_json().map_err(|e| e.to_string())?;
            Ok(v["versions"].as_array().map_or(false, |vs| vs.iter().any(|x| x["num"] == version)))
        }
        Err(ureq::Error::Status(404, _)) => Ok(false),
        Err(e) => Err(e.to_string()),
    }
}

/// True when cargo will find a crates.io token. Only checks existence.
fn token_available() -> bool {
    if env::var_os("CARGO_REGISTRY_TOKEN").is_some() {
        return true;
    }
    let home = env::var("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env::var("HOME").unwrap_or_default()).join(".cargo"));
    home.join("credentials.toml").is_file() || home.join("credentials").is_file()
}

fn step(ok: bool, msg: &str, hard: bool) {
    println!("{} {msg}", if ok { "ok  " } else if hard { "FAIL" } else { "warn" });
    if !ok && hard {
        exit(1);
    }
}

fn main() {
    let mut args = env::args().skip(1);
    let mut dir = PathBuf::from(".");
    while let Some(a) = args.next() {
        if a == "--crate-dir" {
            dir = PathBuf::from(args.next().expect("--crate-dir needs a path"));
        }
    }
    let m = parse_manifest(&dir);
    step(!m.name.is_empty() && !m.version.is_empty(), "name and version present", true);
    for f in ["description", "repository"] {
        step(m.fields.iter().any(|x| x == f), &format!("{f} set"), false);
    }
    step(m.fields.iter().any(|x| x == "license" || x == "license-file"), "license set", true);

    match published(&m.name, &m.version) {
        Ok(true) => step(false, &format!("{} {} already on crates.io", m.name, m.version), true),
        Ok(false) => step(true, &format!("{} {} not yet published", m.name, m.version), true),
        Err(e) => step(false, &format!("crates.io lookup failed: {e}"), false),
    }

    let changelog = fs::read_to_string(dir.join("CHANGELOG.md")).unwrap_or_default();
    step(changelog.contains(&m.version), "CHANGELOG.md mentions the version", false);

    let status = Command::new("git").args(["status", "--porcelain"]).current_dir(&dir).output();
    step(status.map(|o| o.stdout.is_empty()).unwrap_or(false), "git tree clean", true);

    step(token_available(), "crates.io token configured (run `cargo login` if not)", false);

    let dry = Command::new("cargo").args(["publish", "--dry-run"]).current_dir(&dir).status();
    step(dry.map(|s| s.success()).unwrap_or(false), "cargo publish --dry-run", true);
    println!("\n{} {} is ready to publish (checker {})", m.name, m.version, env!("GIT_HASH"));
}
