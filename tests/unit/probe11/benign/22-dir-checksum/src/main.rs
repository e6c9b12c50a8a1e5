use sha2::{Digest, Sha256};
use std::{env, fs, io, path::Path, process};
use walkdir::WalkDir;

fn sha256(path: &Path) -> io::Result<String> {
    let mut f = fs::File::open(path)?;
    let mut h = Sha256::new();
    io::copy(&mut f, &mut h)?;
    Ok(format!("{:x}", h.finalize()))
}

fn main() {
    let args: Vec<String> = env::args().collect();
    match (args.get(1).map(String::as_str), args.get(2)) {
        (Some("make"), Some(dir)) => {
            let mut files: Vec<_> = WalkDir::new(dir).into_iter().filter_map(Result::ok)
                .filter(|e| e.file_type().is_file()).map(|e| e.into_path()).collect();
            files.sort();
            for p in files {
                match sha256(&p) {
                    Ok(h) => println!("{}  {}", h, p.display()),
                    Err(e) => eprintln!("跳过 {}: {}", p.display(), e),
                }
            }
        }
        (Some("verify"), Some(list)) => {
            let text = fs::read_to_string(list).expect("无法读取清单");
            let mut bad = 0;
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let (h, p) = line.split_once("  ").expect("清单格式错误");
                if sha256(Path::new(p)).map(|x| x != h).unwrap_or(true) {
                    println!("不一致: {}", p);
                    bad += 1;
                }
            }
            println!("dirsum {} ({}): {} 个文件不一致", env!("DIRSUM_REV"), env!("DIRSUM_BUILD_TS"), bad);
            if bad > 0 { process::exit(1); }
        }
        _ => { eprintln!("用法: dirsum make <目录> | verify <清单>"); process::exit(2); }
    }
}
