struct Handle;

/// Opens a file.
#[agents::tool]
fn open(path: String) -> Handle {
    let _ = path;
    Handle
}

fn main() {}
