fn main() {
    let _agent = agents::agent! {
        name: "files",
        model: "gpt-4o",
    };
}
