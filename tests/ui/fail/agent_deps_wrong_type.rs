// A tool that reads `Deps<Catalog>` listed in an agent whose `deps:` is a `Shop`: an error on the
// tool, worded in the domain.

use agents::Deps;

struct Shop;
struct Catalog;

/// Lists the catalogue.
#[agents::tool]
fn list_products(catalog: Deps<Catalog>) -> Vec<String> {
    let _ = catalog;
    Vec::new()
}

fn main() {
    let _agent = agents::agent! {
        name: "shop",
        model: agents::testing::ScriptedModel::new([]),
        deps: Shop,
        tools: [list_products],
    };
}
