/// Reads a file.
#[agents::tool]
fn read_file(path: String) -> Result<String, u32> {
    Ok(path)
}

fn main() {}
