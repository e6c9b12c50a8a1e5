use anyhow::{bail, Context, Result};
use serde_yaml::Value;
use std::env;
use std::fs;
use std::path::PathBuf;
use std::process::Command;

fn kubeconfig() -> PathBuf {
    if let Ok(v) = env::var("KUBECONFIG") {
        if let Some(first) = v.split(if cfg!(windows) { ';' } else { ':' }).next() {
            return PathBuf::from(first);
        }
    }
    dirs::home_dir().expect("no home dir").join(".kube").join("config")
}

fn load(path: &PathBuf) -> Result<Value> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    Ok(serde_yaml::from_str(&text)?)
}

fn save(path: &PathBuf, doc: &Value) -> Result<()> {
    let backup = path.with_extension("kctx.bak");
    fs::copy(path, &backup).context("writing backup")?;
    fs::write(path, serde_yaml::to_string(doc)?)?;
    Ok(())
}

fn contexts(doc: &Value) -> Vec<(String, String)> {
    doc.get("contexts")
        .and_then(Value::as_sequence)
        .map(|seq| {
            seq.iter()
                .filter_map(|c| {
                    let name = c.get("name")?.as_str()?.to_string();
                    let ns = c.get("context").and_then(|x| x.get("namespace")).and_then(Value::as_str).unwrap_or("default");
                    Some((name, ns.to_string()))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn current(doc: &Value) -> String {
    doc.get("current-context").and_then(Value::as_str).unwrap_or("").to_string()
}

/// Ask kubectl (which uses the same kubeconfig) which API server a context points at.
fn server_of(ctx: &str) -> Option<String> {
    let out = Command::new("kubectl")
        .args(["config", "view", "--minify", "--context", ctx, "-o", "jsonpath={.clusters[0].cluster.server}"])
        .output()
        .ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).to_string())
}

fn main() -> Result<()> {
    let args: Vec<String> = env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--version") {
        println!("kctx {} ({})", env!("CARGO_PKG_VERSION"), env!("KCTX_GIT_HASH"));
        return Ok(());
    }
    let path = kubeconfig();
    let mut doc = load(&path)?;
    let cur = current(&doc);

    match args.first().map(String::as_str) {
        None => {
            for (name, ns) in contexts(&doc) {
                println!("{} {name}  ({ns})", if name == cur { "*" } else { " " });
            }
            return Ok(());
        }
        Some("--names") => {
            contexts(&doc).iter().for_each(|(n, _)| println!("{n}"));
            return Ok(());
        }
        Some("--current") => {
            let ns = contexts(&doc).into_iter().find(|(n, _)| *n == cur).map(|(_, ns)| ns).unwrap_or_default();
            println!("{cur}/{ns}");
            return Ok(());
        }
        Some("-n") => {
            let ns = args.get(1).context("usage: kctx -n <namespace>")?;
            let seq = doc.get_mut("contexts").and_then(Value::as_sequence_mut).context("no contexts")?;
            for c in seq.iter_mut().filter(|c| c.get("name").and_then(Value::as_str) == Some(cur.as_str())) {
                let inner = c.get_mut("context").and_then(Value::as_mapping_mut).context("bad context")?;
                inner.insert(Value::from("namespace"), Value::from(ns.as_str()));
            }
            save(&path, &doc)?;
            println!("namespace on {cur} set to {ns}");
            return Ok(());
        }
        Some(_) => {}
    }

    let target = &args[0];
    if !contexts(&doc).iter().any(|(n, _)| n == target) {
        bail!("unknown context {target}");
    }
    if target.contains("prod") && !args.iter().any(|a| a == "--yes") {
        let server = server_of(target).unwrap_or_else(|| "?".into());
        bail!("{target} ({server}) looks like production; re-run with --yes");
    }
    doc.as_mapping_mut()
        .context("kubeconfig is not a mapping")?
        .insert(Value::from("current-context"), Value::from(target.as_str()));
    save(&path, &doc)?;
    println!("switched to {target}");
    Ok(())
}
