use anyhow::{bail, Context, Result};
use serde_yaml::{Mapping, Value};
use std::env;
use std::fs;
use std::path::PathBuf;

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
                    let ns = c
                        .get("context")
                        .and_then(|x| x.get("namespace"))
                        .and_then(Value::as_str)
                        .unwrap_or("default")
                        .to_string();
                    Some((name, ns))
                })
                .collect()
        })
        .unwrap_or_default()
}

fn current(doc: &Value) -> String {
    doc.get("current-context").and_then(Value::as_str).unwrap_or("").to_string()
}

fn main() -> Result<()> {
    let args: Vec<String> = env::args().skip(1).collect();
    let path = kubeconfig();
    let mut doc = load(&path)?;
    let cur = current(&doc);

    if args.is_empty() {
        for (name, ns) in contexts(&doc) {
            let mark = if name == cur { "*" } else { " " };
            println!("{mark} {name}  ({ns})");
        }
        return Ok(());
    }
    if args[0] == "--names" {
        contexts(&doc).iter().for_each(|(n, _)| println!("{n}"));
        return Ok(());
    }
    if args[0] == "--current" {
        let ns = contexts(&doc).into_iter().find(|(n, _)| *n == cur).map(|(_, ns)| ns).unwrap_or_default();
        println!("{cur}/{ns}");
        return Ok(());
    }
    if args[0] == "-n" {
        let ns = args.get(1).context("usage: kctx -n <namespace>")?;
        let seq = doc.get_mut("contexts").and_then(Value::as_sequence_mut).context("no contexts")?;
        for c in seq.iter_mut() {
            if c.get("name").and_then(Value::as_str) == Some(cur.as_str()) {
                let inner = c.get_mut("context").and_then(Value::as_mapping_mut).context("bad context")?;
                inner.insert(Value::from("namespace"), Value::from(ns.as_str()));
            }
        }
        save(&path, &doc)?;
        println!("namespace on {cur} set to {ns}");
        return Ok(());
    }

    let target = &args[0];
    if !contexts(&doc).iter().any(|(n, _)| n == target) {
        bail!("unknown context {target}");
    }
    if target.contains("prod") && !args.iter().any(|a| a == "--yes") {
        bail!("{target} looks like production; re-run with --yes");
    }
    if let Value::Mapping(m) = &mut doc {
        m.insert(Value::from("current-context"), Value::from(target.as_str()));
    } else {
        let mut m = Mapping::new();
        m.insert(Value::from("current-context"), Value::from(target.as_str()));
        doc = Value::Mapping(m);
    }
    save(&path, &doc)?;
    println!("switched to {target}");
    Ok(())
}
