//! The demo service the durable tests spawn and kill (`durable serve --port N`): the same
//! program as `cargo run --example durable`, whose docs say how to use it.

#[tokio::main]
async fn main() {
    agents_restate::cli::main().await;
}
