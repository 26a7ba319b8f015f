/// Reads a file.
#[agents::tool(name = "read file")]
fn read_file(path: String) -> String {
    path
}

fn main() {}
