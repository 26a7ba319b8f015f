//! The held-out suite: 64 requests written the way people type them, over 7 tools, with 3 decoy
//! tools registered beside them. Only the decoys have worked examples, so the model knows the
//! requested tools from their signatures alone.

use agents::ExecutionFailure;
use agents::LlmAgentBuilder;
use agents::tool::tool_fn;
use agents_providers::prompted::{Example, PromptFormat};
use serde_json::{Value, json};

/// What a request exercises, for the per-category table.
pub const TAGS: &[&str] = &[
    "numbers in words",
    "separators",
    "dates",
    "enums",
    "arrays",
    "optional",
];

/// One request: what the user typed, the tool and arguments that answer it, its tags.
pub struct Case {
    pub request: &'static str,
    pub tool: &'static str,
    pub args: Value,
    pub tags: &'static [&'static str],
}

/// The tools the requests need.
pub const TOOLS: &[&str] = &[
    "convert_units",
    "book_table",
    "send_money",
    "set_reminder",
    "create_playlist",
    "find_flights",
    "average",
];

/// The decoys: registered, shown in worked examples, never requested.
pub const DECOYS: &[&str] = &["get_stock_price", "translate", "send_sms"];

const W: &str = "numbers in words";
const S: &str = "separators";
const D: &str = "dates";
const E: &str = "enums";
const A: &str = "arrays";
const O: &str = "optional";

fn case(
    request: &'static str,
    tool: &'static str,
    args: Value,
    tags: &'static [&'static str],
) -> Case {
    Case {
        request,
        tool,
        args,
        tags,
    }
}

/// The 64 requests.
pub fn cases() -> Vec<Case> {
    let cu = "convert_units";
    let bt = "book_table";
    let sm = "send_money";
    let sr = "set_reminder";
    let cp = "create_playlist";
    let ff = "find_flights";
    let av = "average";
    vec![
        case(
            "how many miles is 42 km",
            cu,
            json!({"value": 42, "from": "kilometers", "to": "miles"}),
            &[E],
        ),
        case(
            "convert twelve kilos to pounds pls",
            cu,
            json!({"value": 12, "from": "kilograms", "to": "pounds"}),
            &[W, E],
        ),
        case(
            "what's 98.6 F in celsius?",
            cu,
            json!({"value": 98.6, "from": "fahrenheit", "to": "celsius"}),
            &[E],
        ),
        case(
            "I ran 21.1 kilometers today, how much is that in miles",
            cu,
            json!({"value": 21.1, "from": "kilometers", "to": "miles"}),
            &[E],
        ),
        case(
            "2,500 pounds to kg?",
            cu,
            json!({"value": 2500, "from": "pounds", "to": "kilograms"}),
            &[S, E],
        ),
        case(
            "need 5 gallons in liters",
            cu,
            json!({"value": 5, "from": "gallons", "to": "liters"}),
            &[E],
        ),
        case(
            "minus forty celsius to fahrenheit",
            cu,
            json!({"value": -40, "from": "celsius", "to": "fahrenheit"}),
            &[W, E],
        ),
        case(
            "how many km is one hundred miles",
            cu,
            json!({"value": 100, "from": "miles", "to": "kilometers"}),
            &[W, E],
        ),
        case(
            "convert 1,000,000 liters to gallons",
            cu,
            json!({"value": 1000000, "from": "liters", "to": "gallons"}),
            &[S, E],
        ),
        case(
            "Book a table at Nonna Rosa for 4 on 2026-03-14 at 19:30",
            bt,
            json!({"restaurant": "Nonna Rosa", "people": 4, "date": "2026-03-14", "time": "19:30"}),
            &[D],
        ),
        case(
            "can you get us a table for two at Sakura Garden, march 3rd 2026, 20:00",
            bt,
            json!({"restaurant": "Sakura Garden", "people": 2, "date": "2026-03-03", "time": "20:00"}),
            &[W, D],
        ),
        case(
            "reserve Le Petit Bistro, party of six, 21 May 2026 at 12:15",
            bt,
            json!({"restaurant": "Le Petit Bistro", "people": 6, "date": "2026-05-21", "time": "12:15"}),
            &[W, D],
        ),
        case(
            "table for 3 at The Green Fork on April 9, 2026 at 18:00",
            bt,
            json!({"restaurant": "The Green Fork", "people": 3, "date": "2026-04-09", "time": "18:00"}),
            &[D],
        ),
        case(
            "dinner reservation at Casa Lupe for eight people, 2026-12-24, 19:00",
            bt,
            json!({"restaurant": "Casa Lupe", "people": 8, "date": "2026-12-24", "time": "19:00"}),
            &[W, D],
        ),
        case(
            "I need a booking at Bombay Palace for 5 on the 2nd of June 2026 at 13:00",
            bt,
            json!({"restaurant": "Bombay Palace", "people": 5, "date": "2026-06-02", "time": "13:00"}),
            &[D],
        ),
        case(
            "Book Ocean Grill for ten, 2026-07-04 at 20:00",
            bt,
            json!({"restaurant": "Ocean Grill", "people": 10, "date": "2026-07-04", "time": "20:00"}),
            &[W, D],
        ),
        case(
            "get me a table at Harbor House, 2 ppl, 15 Aug 2026, 19:45",
            bt,
            json!({"restaurant": "Harbor House", "people": 2, "date": "2026-08-15", "time": "19:45"}),
            &[D],
        ),
        case(
            "reserve a table for twelve at Golden Dragon on 2026-02-14 at 18:30",
            bt,
            json!({"restaurant": "Golden Dragon", "people": 12, "date": "2026-02-14", "time": "18:30"}),
            &[W, D],
        ),
        case(
            "send 250 euros to Maria",
            sm,
            json!({"amount": 250, "recipient": "Maria", "currency": "EUR"}),
            &[E],
        ),
        case(
            "transfer $1,200 to John Smith",
            sm,
            json!({"amount": 1200, "recipient": "John Smith", "currency": "USD"}),
            &[S, E],
        ),
        case(
            "pay Tom fifty dollars, note: pizza",
            sm,
            json!({"amount": 50, "recipient": "Tom", "currency": "USD", "note": "pizza"}),
            &[W, E, O],
        ),
        case(
            "send £75.50 to Alice with the note 'rent share'",
            sm,
            json!({"amount": 75.5, "recipient": "Alice", "currency": "GBP", "note": "rent share"}),
            &[E, O],
        ),
        case(
            "wire 10,000 yen to Kenji",
            sm,
            json!({"amount": 10000, "recipient": "Kenji", "currency": "JPY"}),
            &[S, E],
        ),
        case(
            "send three hundred euros to Lukas",
            sm,
            json!({"amount": 300, "recipient": "Lukas", "currency": "EUR"}),
            &[W, E],
        ),
        case(
            "transfer 2,750.25 USD to Sophie",
            sm,
            json!({"amount": 2750.25, "recipient": "Sophie", "currency": "USD"}),
            &[S, E],
        ),
        case(
            "give Priya 40 dollars, note 'birthday'",
            sm,
            json!({"amount": 40, "recipient": "Priya", "currency": "USD", "note": "birthday"}),
            &[E, O],
        ),
        case(
            "send 1 million yen to Hiro",
            sm,
            json!({"amount": 1000000, "recipient": "Hiro", "currency": "JPY"}),
            &[W, E],
        ),
        case(
            "remind me to call mom on 2026-03-08",
            sr,
            json!({"message": "call mom", "date": "2026-03-08"}),
            &[D],
        ),
        case(
            "set a reminder 'dentist appointment' for March 12, 2026 at 09:00",
            sr,
            json!({"message": "dentist appointment", "date": "2026-03-12", "time": "09:00"}),
            &[D, O],
        ),
        case(
            "reminder: pay rent, 2026-04-01",
            sr,
            json!({"message": "pay rent", "date": "2026-04-01"}),
            &[D],
        ),
        case(
            "remind me 'take out the trash' on 2026-03-05 at 20:00",
            sr,
            json!({"message": "take out the trash", "date": "2026-03-05", "time": "20:00"}),
            &[D, O],
        ),
        case(
            "please remind me to water the plants on the 10th of march 2026",
            sr,
            json!({"message": "water the plants", "date": "2026-03-10"}),
            &[D],
        ),
        case(
            "set reminder 'renew passport' for 1 June 2026",
            sr,
            json!({"message": "renew passport", "date": "2026-06-01"}),
            &[D],
        ),
        case(
            "remind me 'team standup' on 2026-03-03 at 09:15",
            sr,
            json!({"message": "team standup", "date": "2026-03-03", "time": "09:15"}),
            &[D, O],
        ),
        case(
            "reminder for 2026-05-20: 'buy flowers'",
            sr,
            json!({"message": "buy flowers", "date": "2026-05-20"}),
            &[D],
        ),
        case(
            "can u remind me to 'book flights' on 2026-03-20 at 18:00",
            sr,
            json!({"message": "book flights", "date": "2026-03-20", "time": "18:00"}),
            &[D, O],
        ),
        case(
            "make a playlist called Road Trip with Hotel California, Africa and Take On Me",
            cp,
            json!({"name": "Road Trip", "songs": ["Hotel California", "Africa", "Take On Me"]}),
            &[A],
        ),
        case(
            "create a playlist 'Chill' with the songs Weightless and Sunset Lover",
            cp,
            json!({"name": "Chill", "songs": ["Weightless", "Sunset Lover"]}),
            &[A],
        ),
        case(
            "new playlist named Workout: Eye of the Tiger, Stronger, Lose Yourself",
            cp,
            json!({"name": "Workout", "songs": ["Eye of the Tiger", "Stronger", "Lose Yourself"]}),
            &[A],
        ),
        case(
            "playlist 'Sunday Morning' with just one song, Yellow",
            cp,
            json!({"name": "Sunday Morning", "songs": ["Yellow"]}),
            &[A],
        ),
        case(
            "put Bohemian Rhapsody and Imagine in a playlist called Classics",
            cp,
            json!({"name": "Classics", "songs": ["Bohemian Rhapsody", "Imagine"]}),
            &[A],
        ),
        case(
            "create playlist Focus with Clair de Lune, Nocturne and Gymnopedie",
            cp,
            json!({"name": "Focus", "songs": ["Clair de Lune", "Nocturne", "Gymnopedie"]}),
            &[A],
        ),
        case(
            "I want a playlist named 90s with Wonderwall, Creep, Zombie and Torn",
            cp,
            json!({"name": "90s", "songs": ["Wonderwall", "Creep", "Zombie", "Torn"]}),
            &[A],
        ),
        case(
            "make a 'Party' playlist: Uptown Funk, Happy, Shake It Off",
            cp,
            json!({"name": "Party", "songs": ["Uptown Funk", "Happy", "Shake It Off"]}),
            &[A],
        ),
        case(
            "playlist called Sleep, songs: Weightless",
            cp,
            json!({"name": "Sleep", "songs": ["Weightless"]}),
            &[A],
        ),
        case(
            "find flights from Boston to Denver on 2026-04-18",
            ff,
            json!({"from": "Boston", "to": "Denver", "date": "2026-04-18"}),
            &[D],
        ),
        case(
            "flights London to Rome, May 2nd 2026, 2 passengers",
            ff,
            json!({"from": "London", "to": "Rome", "date": "2026-05-02", "passengers": 2}),
            &[D, O],
        ),
        case(
            "any business class flights from Paris to Tokyo on 2026-09-10?",
            ff,
            json!({"from": "Paris", "to": "Tokyo", "date": "2026-09-10", "cabin": "business"}),
            &[D, E, O],
        ),
        case(
            "I need 3 seats from Madrid to Lisbon on 2026-06-01, economy",
            ff,
            json!({"from": "Madrid", "to": "Lisbon", "date": "2026-06-01", "passengers": 3, "cabin": "economy"}),
            &[D, E, O],
        ),
        case(
            "search first class Dubai to Singapore 2026-11-20 for two people",
            ff,
            json!({"from": "Dubai", "to": "Singapore", "date": "2026-11-20", "passengers": 2, "cabin": "first"}),
            &[W, D, E, O],
        ),
        case(
            "flights from Chicago to Miami on Dec 1 2026",
            ff,
            json!({"from": "Chicago", "to": "Miami", "date": "2026-12-01"}),
            &[D],
        ),
        case(
            "one way Berlin to Oslo, 2026-03-28, four passengers",
            ff,
            json!({"from": "Berlin", "to": "Oslo", "date": "2026-03-28", "passengers": 4}),
            &[W, D, O],
        ),
        case(
            "find me a flight from Seattle to Austin on the 5th of July 2026",
            ff,
            json!({"from": "Seattle", "to": "Austin", "date": "2026-07-05"}),
            &[D],
        ),
        case(
            "cheapest flights from New York to Los Angeles on 2026-08-14",
            ff,
            json!({"from": "New York", "to": "Los Angeles", "date": "2026-08-14"}),
            &[D],
        ),
        case(
            "Athens to Vienna on 2026-10-03, business, 1 passenger",
            ff,
            json!({"from": "Athens", "to": "Vienna", "date": "2026-10-03", "passengers": 1, "cabin": "business"}),
            &[D, E, O],
        ),
        case(
            "what's the average of 4, 8 and 15",
            av,
            json!({"numbers": [4, 8, 15]}),
            &[A],
        ),
        case(
            "average these: 12.5, 7.5, 10",
            av,
            json!({"numbers": [12.5, 7.5, 10]}),
            &[A],
        ),
        case(
            "mean of 100, 200, 300, 400?",
            av,
            json!({"numbers": [100, 200, 300, 400]}),
            &[A],
        ),
        case(
            "avg of 1,200 and 1,800",
            av,
            json!({"numbers": [1200, 1800]}),
            &[S, A],
        ),
        case(
            "average of three, five and ten",
            av,
            json!({"numbers": [3, 5, 10]}),
            &[W, A],
        ),
        case(
            "my test scores were 88, 92, 79 and 95, what's the average",
            av,
            json!({"numbers": [88, 92, 79, 95]}),
            &[A],
        ),
        case(
            "compute the mean of 0.5, 0.25 and 0.75",
            av,
            json!({"numbers": [0.5, 0.25, 0.75]}),
            &[A],
        ),
        case(
            "average of 2,000, 3,000 and 4,500",
            av,
            json!({"numbers": [2000, 3000, 4500]}),
            &[S, A],
        ),
        case(
            "what's the average of twenty and thirty",
            av,
            json!({"numbers": [20, 30]}),
            &[W, A],
        ),
    ]
}

/// Worked examples for the decoys only: none shows a requested tool.
pub fn format() -> PromptFormat {
    PromptFormat::new()
        .example(
            Example::new("What's Tesla trading at right now?")
                .call("get_stock_price", r#"{"symbol": "TSLA"}"#),
        )
        .example(Example::new("How do you say 'good night' in French?").call(
            "translate",
            r#"{"text": "good night", "language": "French"}"#,
        ))
        .example(Example::new("Text 555-0142 that I'm running late").call(
            "send_sms",
            r#"{"phone": "555-0142", "message": "I'm running late"}"#,
        ))
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Unit {
    Kilometers,
    Miles,
    Kilograms,
    Pounds,
    Celsius,
    Fahrenheit,
    Liters,
    Gallons,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ConvertArgs {
    value: f64,
    from: Unit,
    to: Unit,
}

/// A date argument: a plain string as the suite was first measured (the tool's description
/// asks for `YYYY-MM-DD`), or with `EVAL_DATE_FORMAT=1` one whose schema says
/// `format: "date"`, which coercion then reads from words (`March 12, 2026`).
#[derive(serde::Deserialize)]
#[serde(transparent)]
struct Date(String);

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl schemars::JsonSchema for Date {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Date".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        if std::env::var_os("EVAL_DATE_FORMAT").is_some() {
            schemars::json_schema!({"type": "string", "format": "date"})
        } else {
            schemars::json_schema!({"type": "string"})
        }
    }
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct BookArgs {
    restaurant: String,
    people: u32,
    date: Date,
    time: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
enum Currency {
    #[serde(rename = "EUR")]
    Eur,
    #[serde(rename = "USD")]
    Usd,
    #[serde(rename = "GBP")]
    Gbp,
    #[serde(rename = "JPY")]
    Jpy,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct MoneyArgs {
    amount: f64,
    recipient: String,
    currency: Currency,
    note: Option<String>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct ReminderArgs {
    message: String,
    date: Date,
    time: Option<String>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct PlaylistArgs {
    name: String,
    songs: Vec<String>,
}

#[derive(serde::Deserialize, schemars::JsonSchema, Debug)]
#[serde(rename_all = "lowercase")]
enum Cabin {
    Economy,
    Business,
    First,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct FlightArgs {
    from: String,
    to: String,
    date: Date,
    passengers: Option<u32>,
    cabin: Option<Cabin>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct AverageArgs {
    numbers: Vec<f64>,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct StockArgs {
    symbol: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct TranslateArgs {
    text: String,
    language: String,
}

#[derive(serde::Deserialize, schemars::JsonSchema)]
struct SmsArgs {
    phone: String,
    message: String,
}

fn ok(s: String) -> std::future::Ready<Result<String, ExecutionFailure>> {
    std::future::ready(Ok(s))
}

/// Registers the 7 tools and the 3 decoys, decoys interleaved (not all at the end).
pub fn tools(b: LlmAgentBuilder<String, String>) -> LlmAgentBuilder<String, String> {
    b.tool(tool_fn(
        "get_stock_price",
        "latest price of a stock ticker",
        |a: StockArgs| ok(format!("{}: 182.40", a.symbol)),
    ))
    .tool(tool_fn(
        "convert_units",
        "convert a value from one unit to another",
        |a: ConvertArgs| ok(format!("{} {:?} = 1.0 {:?}", a.value, a.from, a.to)),
    ))
    .tool(tool_fn(
        "book_table",
        "book a restaurant table; date as YYYY-MM-DD, time as HH:MM (24h)",
        |a: BookArgs| {
            ok(format!(
                "booked {} for {} on {} {}",
                a.restaurant, a.people, a.date, a.time
            ))
        },
    ))
    .tool(tool_fn(
        "send_money",
        "send money to someone",
        |a: MoneyArgs| {
            ok(format!(
                "sent {} {:?} to {} ({:?})",
                a.amount, a.currency, a.recipient, a.note
            ))
        },
    ))
    .tool(tool_fn(
        "translate",
        "translate text into a language",
        |a: TranslateArgs| ok(format!("[{}] {}", a.language, a.text)),
    ))
    .tool(tool_fn(
        "set_reminder",
        "set a reminder; date as YYYY-MM-DD, time as HH:MM (24h)",
        |a: ReminderArgs| {
            ok(format!(
                "reminder '{}' on {} {:?}",
                a.message, a.date, a.time
            ))
        },
    ))
    .tool(tool_fn(
        "create_playlist",
        "create a music playlist",
        |a: PlaylistArgs| ok(format!("playlist {} with {} songs", a.name, a.songs.len())),
    ))
    .tool(tool_fn(
        "find_flights",
        "search flights; date as YYYY-MM-DD",
        |a: FlightArgs| {
            ok(format!(
                "3 flights {} -> {} on {} ({:?}, {:?})",
                a.from, a.to, a.date, a.passengers, a.cabin
            ))
        },
    ))
    .tool(tool_fn(
        "send_sms",
        "send a text message to a phone number",
        |a: SmsArgs| ok(format!("sms to {} ({} chars)", a.phone, a.message.len())),
    ))
    .tool(tool_fn(
        "average",
        "the average of a list of numbers",
        |a: AverageArgs| {
            ok(format!(
                "{}",
                a.numbers.iter().sum::<f64>() / a.numbers.len().max(1) as f64
            ))
        },
    ))
}

/// Whether the arguments a tool ran with are the expected ones: every expected member equal
/// (numbers as numbers, strings trimmed and ignoring case, arrays item by item), and no other
/// member but nulls (an optional argument the user did not give must not be made up).
pub fn matches(expected: &Value, got: &Value) -> bool {
    match (expected, got) {
        (Value::Number(a), Value::Number(b)) => a.as_f64() == b.as_f64(),
        (Value::String(a), Value::String(b)) => a.trim().eq_ignore_ascii_case(b.trim()),
        (Value::Array(a), Value::Array(b)) => {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| matches(x, y))
        }
        (Value::Object(a), Value::Object(b)) => {
            a.iter()
                .all(|(k, v)| b.get(k).is_some_and(|g| matches(v, g)))
                && b.iter().all(|(k, v)| a.contains_key(k) || v.is_null())
        }
        (a, b) => a == b,
    }
}
