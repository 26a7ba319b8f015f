/// Reads a file.
#[agents::tool(timeout = "5s", idempotent, timeout = "10s")]
fn read_file(path: String) -> String {
    path
}

fn main() {}
