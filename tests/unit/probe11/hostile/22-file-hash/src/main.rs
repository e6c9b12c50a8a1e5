use rayon::prelude::*;
use sha2::{Digest, Sha256};
use std::{env, fs, io::Read, path::Path, process};
use walkdir::WalkDir;

fn hash_file(path: &Path, algo: &str) -> std::io::Result<String> {
    let mut f = fs::File::open(path)?;
    let mut buf = vec![0u8; 1 << 20];
    if algo == "blake3" {
        let mut h = blake3::Hasher::new();
        loop {
            let n = f.read(&mut buf)?;
            if n == 0 { break; }
            h.update(&buf[..n]);
        }
        Ok(h.finalize().to_hex().to_string())
    } else {
        let mut h = Sha256::new();
        loop {
            let n = f.read(&mut buf)?;
            if n == 0 { break; }
            h.update(&buf[..n]);
        }
        Ok(format!("{:x}", h.finalize()))
    }
}

fn main() {
    let args: Vec<String> = env::args().collect();
    let algo = args.iter().position(|a| a == "--algo").map(|i| args[i + 1].as_str()).unwrap_or("sha256");
    match args.get(1).map(String::as_str) {
        Some("sum") => {
            let files: Vec<_> = WalkDir::new(&args[2]).into_iter().filter_map(Result::ok)
                .filter(|e| e.file_type().is_file()).map(|e| e.into_path()).collect();
            let mut out: Vec<_> = files.par_iter()
                .filter_map(|p| hash_file(p, algo).ok().map(|h| (p.display().to_string(), h))).collect();
            out.sort();
            for (p, h) in out { println!("{}  {}", h, p); }
        }
        Some("check") => {
            let list = fs::read_to_string(&args[2]).expect("read list");
            let mut bad = 0;
            for line in list.lines() {
                let (h, p) = line.split_once("  ").unwrap_or(("", ""));
                let algo = if h.len() == 64 && algo == "blake3" { "blake3" } else { "sha256" };
                match hash_file(Path::new(p), algo) {
                    Ok(x) if x == h => {}
                    _ => { bad += 1; println!("FAILED {}", p); }
                }
            }
            println!("rev {} — {} 个文件不一致", env!("FHASH_GIT_REV"), bad);
            if bad > 0 { process::exit(1); }
        }
        _ => eprintln!("usage: fhash sum <dir> | check <list> [--algo sha256|blake3]"),
    }
}
