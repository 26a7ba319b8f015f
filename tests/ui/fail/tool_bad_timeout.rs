/// Reads a file.
#[agents::tool(timeout = "5 seconds")]
fn read_file(path: String) -> String {
    path
}

fn main() {}
