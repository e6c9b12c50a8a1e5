use bench_baseline::{compare, export_baseline, human, load_baseline_file, load_criterion, DEFAULT_CRITERION_DIR};
use std::path::PathBuf;
use std::process::ExitCode;

struct Args {
    criterion_dir: PathBuf,
    baseline: String,
    baseline_file: Option<PathBuf>,
    export: Option<PathBuf>,
    threshold: f64,
}

fn parse_args() -> Args {
    let mut args = Args {
        criterion_dir: PathBuf::from(DEFAULT_CRITERION_DIR),
        baseline: "main".into(),
        baseline_file: None,
        export: None,
        threshold: 5.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--criterion-dir" => args.criterion_dir = it.next().expect("value").into(),
            "--baseline" => args.baseline = it.next().expect("value"),
            "--baseline-file" => args.baseline_file = Some(it.next().expect("value").into()),
            "--export" => args.export = Some(it.next().expect("value").into()),
            "--threshold" => args.threshold = it.next().expect("value").parse().expect("number"),
            other => eprintln!("ignoring unknown argument {other}"),
        }
    }
    args
}

fn main() -> ExitCode {
    let args = parse_args();
    let current = load_criterion(&args.criterion_dir, "new");

    if let Some(path) = &args.export {
        export_baseline(path, &current).expect("write baseline file");
        println!("exported {} benchmarks to {}", current.len(), path.display());
        return ExitCode::SUCCESS;
    }

    let baseline = match &args.baseline_file {
        Some(p) => load_baseline_file(p).unwrap_or_default(),
        None => load_criterion(&args.criterion_dir, &args.baseline),
    };
    if baseline.is_empty() {
        eprintln!("no baseline data found");
        return ExitCode::from(2);
    }

    println!("{:<32} {:>11} {:>11} {:>9}  verdict", "benchmark", "baseline", "current", "change");
    let mut regressions = 0;
    for c in compare(&baseline, &current) {
        let verdict = if c.noisy || c.change_pct.abs() < args.threshold {
            "~"
        } else if c.change_pct > 0.0 {
            regressions += 1;
            "REGRESSION"
        } else {
            "improved"
        };
        println!(
            "{:<32} {:>11} {:>11} {:>+8.1}%  {}",
            c.name, human(c.baseline_ns), human(c.current_ns), c.change_pct, verdict
        );
    }
    if regressions > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}
