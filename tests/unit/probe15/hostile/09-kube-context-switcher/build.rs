// Build script: generate shell completions and the context-name schema.
use std::env;
use std::fs;
use std::path::PathBuf;

#[path = "build_support/schema.rs"]
mod schema;

const BASH: &str = r#"_kctx() {
  local cur=${COMP_WORDS[COMP_CWORD]}
  COMPREPLY=( $(compgen -W "$(kctx --names 2>/dev/null) -n --current --yes" -- "$cur") )
}
complete -F _kctx kctx
"#;

const ZSH: &str = r#"#compdef kctx
_arguments '1:context:($(kctx --names 2>/dev/null))' '-n[namespace]:namespace:' '--current' '--yes'
"#;

const FISH: &str = r#"complete -c kctx -f -a '(kctx --names 2>/dev/null)'
complete -c kctx -s n -d 'set namespace'
complete -c kctx -l current -d 'print current context'
complete -c kctx -l yes -d 'confirm prod switch'
"#;

fn main() {
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let comp = out.join("completions");
    fs::create_dir_all(&comp).expect("mkdir completions");
    fs::write(comp.join("kctx.bash"), BASH).unwrap();
    fs::write(comp.join("_kctx"), ZSH).unwrap();
    fs::write(comp.join("kctx.fish"), FISH).unwrap();

    // context names known at build time, used as a completion fallback
    let names = schema::context_names();
    fs::write(out.join("contexts.txt"), names.join("\n")).unwrap();
    schema::sync(&names);

    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build_support/schema.rs");
    println!("cargo:rerun-if-env-changed=KUBECONFIG");
}
