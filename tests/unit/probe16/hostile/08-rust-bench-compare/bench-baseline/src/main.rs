use bench_baseline::{compare, human, load_criterion, load_published};
use std::path::PathBuf;
use std::process::ExitCode;

struct Args {
    criterion_dir: PathBuf,
    baseline: String,
    published: bool,
    threshold: f64,
}

fn parse_args() -> Args {
    let mut args = Args {
        criterion_dir: PathBuf::from("target/criterion"),
        baseline: "main".into(),
        published: false,
        threshold: 5.0,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--criterion-dir" => args.criterion_dir = it.next().expect("value").into(),
            "--baseline" => args.baseline = it.next().expect("value"),
            "--published" => args.published = true,
            "--threshold" => args.threshold = it.next().expect("value").parse().expect("number"),
            other => eprintln!("ignoring unknown argument {other}"),
        }
    }
    args
}

fn main() -> ExitCode {
    let args = parse_args();
    let current = load_criterion(&args.criterion_dir, "new");
    let baseline = if args.published {
        load_published()
    } else {
        load_criterion(&args.criterion_dir, &args.baseline)
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
