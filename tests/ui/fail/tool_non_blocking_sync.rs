/// Adds two numbers.
#[agents::tool(non_blocking)]
fn add(a: i64, b: i64) -> i64 {
    a + b
}

fn main() {}
