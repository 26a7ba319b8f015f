fn main() {
    let _agent = agents::agent! {
        name: "files",
        prompt: "You manage files.",
    };
}
