// 构建脚本：嵌入 git 版本号和构建时间，按目标平台设置 cfg
use std::env;
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

fn main() {
    let rev = Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .unwrap_or_else(|| "unknown".to_owned());
    println!("cargo:rustc-env=DIRSUM_REV={}", rev);

    // 支持可复现构建：优先使用 SOURCE_DATE_EPOCH
    let ts = env::var("SOURCE_DATE_EPOCH").ok().and_then(|s| s.parse::<u64>().ok()).unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
    });
    println!("cargo:rustc-env=DIRSUM_BUILD_TS={}", ts);

    if env::var("CARGO_CFG_TARGET_FEATURE").map(|f| f.contains("sha")).unwrap_or(false) {
        println!("cargo:rustc-cfg=dirsum_hw_sha");
    }
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-env-changed=SOURCE_DATE_EPOCH");
}
