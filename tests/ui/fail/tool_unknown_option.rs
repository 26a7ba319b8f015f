/// Reads a file.
#[agents::tool(nmae = "read")]
fn read_file(path: String) -> String {
    path
}

fn main() {}
