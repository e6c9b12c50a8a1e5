//! Cargo.toml metadata checks.

use anyhow::{Context, Result};
use serde::Deserialize;
use std::path::Path;

#[derive(Debug, Deserialize)]
pub struct Manifest {
    pub package: Package,
}

#[derive(Debug, Deserialize)]
pub struct Package {
    pub name: String,
    pub version: String,
    pub license: Option<String>,
    #[serde(rename = "license-file")]
    pub license_file: Option<String>,
    pub description: Option<String>,
    pub repository: Option<String>,
    pub readme: Option<toml::Value>,
    #[serde(default)]
    pub keywords: Vec<String>,
}

#[derive(Debug)]
pub struct CheckResult {
    pub id: &'static str,
    pub ok: bool,
    pub detail: String,
}

impl CheckResult {
    fn new(id: &'static str, ok: bool, detail: impl Into<String>) -> Self {
        Self { id, ok, detail: detail.into() }
    }
}

pub fn load(dir: &Path) -> Result<Manifest> {
    let raw = std::fs::read_to_string(dir.join("Cargo.toml")).context("reading Cargo.toml")?;
    toml::from_str(&raw).context("parsing Cargo.toml")
}

const SPDX_COMMON: &[&str] = &["MIT", "Apache-2.0", "BSD-3-Clause", "BSD-2-Clause", "ISC", "MPL-2.0", "Unlicense", "Zlib"];

fn spdx_ok(expr: &str) -> bool {
    expr.split(|c: char| c == ' ' || c == '(' || c == ')' || c == '/')
        .filter(|t| !t.is_empty() && *t != "OR" && *t != "AND" && *t != "WITH")
        .all(|t| SPDX_COMMON.contains(&t) || t.starts_with("LicenseRef-"))
}

pub fn check(dir: &Path, m: &Manifest) -> Vec<CheckResult> {
    let p = &m.package;
    let mut out = Vec::new();

    let lic_ok = p.license.as_deref().map(spdx_ok).unwrap_or(false)
        || p.license_file.as_deref().map(|f| dir.join(f).exists()).unwrap_or(false);
    out.push(CheckResult::new("meta.license", lic_ok, p.license.clone().unwrap_or_default()));

    let desc_len = p.description.as_deref().map(str::len).unwrap_or(0);
    out.push(CheckResult::new("meta.description", (10..=200).contains(&desc_len), format!("{desc_len} chars")));

    let repo_ok = p.repository.as_deref().map(|r| r.starts_with("https://")).unwrap_or(false);
    out.push(CheckResult::new("meta.repository", repo_ok, p.repository.clone().unwrap_or_default()));

    let readme = match &p.readme {
        Some(toml::Value::String(s)) => Some(s.clone()),
        Some(toml::Value::Boolean(false)) => None,
        _ => Some("README.md".to_string()),
    };
    let readme_ok = readme.as_deref().map(|r| dir.join(r).exists()).unwrap_or(true);
    out.push(CheckResult::new("meta.readme", readme_ok, readme.unwrap_or_else(|| "disabled".into())));

    let kw_ok = p.keywords.len() <= 5 && p.keywords.iter().all(|k| k.len() <= 20 && k.is_ascii());
    out.push(CheckResult::new("meta.keywords", kw_ok, p.keywords.join(", ")));
    out
}
