/// Echoes anything.
#[agents::tool]
fn echo<T: serde::de::DeserializeOwned + serde::Serialize>(value: T) -> T {
    value
}

fn main() {}
