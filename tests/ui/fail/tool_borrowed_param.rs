/// Reads a file.
#[agents::tool]
fn read_file(path: &str) -> String {
    path.to_owned()
}

fn main() {}
