//! Raw FFI bindings to {{name}}. See the safe wrapper crate for an idiomatic API.
#![allow(non_upper_case_globals, non_camel_case_types, non_snake_case, dead_code)]

include!(concat!(env!("OUT_DIR"), "/bindings.rs"));

#[cfg(test)]
mod tests {
    #[test]
    fn links() {
        // bindgen's layout tests run as part of `cargo test`
    }
}
