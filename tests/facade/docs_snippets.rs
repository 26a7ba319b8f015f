//! Every Rust block of README.md and docs/*.md is tested: `cargo test --doc` compiles (and runs,
//! unless `no_run`) the blocks of each file `src/lib.rs` includes as doctests. This test fails
//! when that stops being true of a docs file: a fenced block without an info string (rustdoc
//! would take it for Rust, a reader cannot tell), a Rust block in a file `src/lib.rs` does not
//! include, or an `ignore`d block that does not say why on its first line
//! (`// Not compiled here: <reason>`).

use std::path::{Path, PathBuf};

/// What a Rust block that is not compiled must start with, followed by the reason.
const IGNORE_REASON: &str = "// Not compiled here: ";

/// Info-string words rustdoc reads as attributes of a Rust block (a block whose words are all
/// of these, or that says `rust`, is a doctest).
const RUSTDOC_ATTRIBUTES: [&str; 8] = [
    "ignore",
    "no_run",
    "should_panic",
    "compile_fail",
    "test_harness",
    "edition2015",
    "edition2018",
    "edition2021",
];

/// One fenced code block.
#[derive(Debug)]
struct Block {
    /// 1-based line of its opening fence.
    line: usize,
    /// Its info string, trimmed.
    info: String,
    /// Its first line of content, trimmed.
    first: String,
}

impl Block {
    fn words(&self) -> Vec<&str> {
        self.info
            .split([',', ' ', '\t'])
            .filter(|w| !w.is_empty())
            .collect()
    }

    fn is_rust(&self) -> bool {
        let words = self.words();
        words.contains(&"rust")
            || words
                .iter()
                .all(|w| RUSTDOC_ATTRIBUTES.contains(w) || w.starts_with("edition"))
    }

    fn is_ignored(&self) -> bool {
        self.words().contains(&"ignore")
    }
}

/// The fenced blocks of a markdown text (backtick or tilde fences, indented or not, as in list
/// items).
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<(String, Block)> = None;
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim_start();
        let fence: String = trimmed
            .chars()
            .take_while(|c| *c == '`' || *c == '~')
            .collect();
        let is_fence =
            fence.len() >= 3 && fence.chars().all(|c| c == fence.chars().next().unwrap());
        match open.as_mut() {
            None if is_fence => {
                let block = Block {
                    line: i + 1,
                    info: trimmed[fence.len()..].trim().to_owned(),
                    first: String::new(),
                };
                open = Some((fence, block));
            }
            None => {}
            Some((opening, _)) if is_fence && trimmed.trim_end() == opening.as_str() => {
                out.push(open.take().unwrap().1);
            }
            Some((_, block)) if block.first.is_empty() && !trimmed.trim().is_empty() => {
                block.first = trimmed.trim().to_owned();
            }
            Some(_) => {}
        }
    }
    assert!(open.is_none(), "a code block is never closed: {open:?}");
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// README.md and every docs/*.md.
fn docs_files() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md")];
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.expect("a docs entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    files.extend(docs);
    files
}

/// The files `src/lib.rs` includes as doctests, as paths relative to the root.
fn included() -> Vec<String> {
    let lib = std::fs::read_to_string(root().join("src/lib.rs")).expect("src/lib.rs");
    let start = lib
        .find("doctests! {")
        .expect("src/lib.rs has its `doctests! { .. }` list");
    let list = &lib[start..];
    let list = &list[..list.find('}').expect("the list ends")];
    list.split('"')
        .skip(1)
        .step_by(2)
        .filter(|p| p.ends_with(".md"))
        .map(|p| p.trim_start_matches("../").to_owned())
        .collect()
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .to_string_lossy()
        .into_owned()
}

/// Every problem of `file`'s blocks, one line each.
fn problems(file: &Path, included: &[String]) -> Vec<String> {
    let name = relative(file);
    let text = std::fs::read_to_string(file).expect("a docs file");
    let mut found = Vec::new();
    let mut has_rust = false;
    for block in blocks(&text) {
        let at = format!("{name}:{}", block.line);
        if block.info.is_empty() {
            found.push(format!(
                "{at}: a code block without an info string (rustdoc would compile it as Rust): write ```rust, ```toml, ```sh, ```text, ..."
            ));
            continue;
        }
        if !block.is_rust() {
            continue;
        }
        has_rust = true;
        if block.is_ignored() && !block.first.starts_with(IGNORE_REASON) {
            found.push(format!(
                "{at}: an `ignore`d Rust block must say why on its first line: `{IGNORE_REASON}<reason>`"
            ));
        }
    }
    if has_rust && !included.contains(&name) {
        found.push(format!(
            "{name}: has Rust blocks, but src/lib.rs does not include it in `doctests! {{ .. }}`, so they are never compiled"
        ));
    }
    found
}

#[test]
fn every_rust_block_of_the_docs_is_a_doctest() {
    let included = included();
    assert!(included.contains(&"README.md".to_owned()), "{included:?}");
    for path in &included {
        assert!(
            root().join(path).is_file(),
            "src/lib.rs includes {path}, which does not exist"
        );
    }
    let problems: Vec<String> = docs_files()
        .iter()
        .flat_map(|f| problems(f, &included))
        .collect();
    assert!(problems.is_empty(), "\n{}", problems.join("\n"));
}

/// The checker itself: it finds each kind of problem, and nothing in a clean file.
#[test]
fn the_check_finds_each_problem() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path
    };
    let clean = write(
        "clean.md",
        "```rust\nlet x = 1;\n```\n\n  ```sh\n  ls\n  ```\n\n````rust,ignore\n// Not compiled here: needs a server binary.\n```\n````\n",
    );
    let name = relative(&clean);
    assert_eq!(
        problems(&clean, std::slice::from_ref(&name)),
        Vec::<String>::new()
    );
    // The same file, not included.
    let missing = problems(&clean, &[]);
    assert_eq!(missing.len(), 1, "{missing:?}");
    assert!(missing[0].contains("does not include it"), "{missing:?}");

    let bare = write("bare.md", "text\n\n```\nlet x = 1;\n```\n");
    let found = problems(&bare, &[relative(&bare)]);
    assert!(
        found[0].contains("bare.md:3: a code block without an info string"),
        "{found:?}"
    );

    let ignored = write("ignored.md", "```rust,ignore\nlet x = undefined;\n```\n");
    let found = problems(&ignored, &[relative(&ignored)]);
    assert!(found[0].contains("must say why"), "{found:?}");

    // `ignore` alone is a Rust block too.
    let bare_ignore = write("bare_ignore.md", "```ignore\nlet x = undefined;\n```\n");
    assert_eq!(problems(&bare_ignore, &[]).len(), 2);
}
