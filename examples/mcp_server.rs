//! The file tools of `examples/file_manager.rs` (`read_file`, `write_file`, `list_dir`) served
//! over MCP on stdio, for any MCP client: an IDE, another agent framework, the MCP Inspector.
//!
//! ```text
//! cargo run --example mcp_server                              # stdio
//! cargo run --example mcp_server -- --http 127.0.0.1:8931     # Streamable HTTP, /mcp
//! ```
//!
//! Over stdio it prints nothing but protocol on stdout; logs go to stderr (`RUST_LOG`-style filtering is
//! left to the host: this example logs warnings and above). Try it with the official Inspector:
//!
//! ```text
//! cargo build --example mcp_server
//! npx @modelcontextprotocol/inspector --cli target/debug/examples/mcp_server --method tools/list
//! npx @modelcontextprotocol/inspector --cli target/debug/examples/mcp_server \
//!     --method tools/call --tool-name list_dir --tool-arg path=.
//! npx @modelcontextprotocol/inspector --cli http://127.0.0.1:8931/mcp --method tools/list
//! ```
//!
//! Each call goes through the runtime's executor: arguments are coerced towards the tool's
//! schema, validated and read; a failure comes back as a result with `isError: true` whose text
//! names the field and the schema, or the tool's model-safe message; a panic does not stop the
//! server.

#[path = "shared/file_server.rs"]
mod file_server;
#[path = "shared/file_tools.rs"]
mod file_tools;

#[tokio::main(flavor = "current_thread")]
async fn main() -> std::process::ExitCode {
    let server = file_server::file_server();
    let served = match std::env::args().skip_while(|a| a != "--http").nth(1) {
        Some(addr) => match tokio::net::TcpListener::bind(&addr).await {
            Ok(listener) => {
                eprintln!("mcp_server: serving http://{addr}/mcp");
                server.serve_http(listener, &[]).await
            }
            Err(e) => {
                eprintln!("mcp_server: cannot listen on {addr}: {e}");
                return std::process::ExitCode::FAILURE;
            }
        },
        None => server.serve_stdio().await,
    };
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcp_server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
