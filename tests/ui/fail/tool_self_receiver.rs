struct Files;

impl Files {
    /// Reads a file.
    #[agents::tool]
    fn read(&self, path: String) -> String {
        path
    }
}

fn main() {}
