//! The typed-answer evaluation (docs/EVAL.md, "Typed answers"): the answer types, the requests
//! with the values a right answer holds, and how an answer is scored.
//!
//! The requests were written for this evaluation and nothing was tuned on them: 30 short
//! texts over five answer types (an invoice with nested lines and numbers, a classification as
//! a bare enum and the same enum inside a record, an appointment with an optional phone and a
//! date string, a list of names).

mod score;

pub use score::{Count, Row, Tally, read_as_written, value_right};

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// One line of an [`Invoice`].
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Line {
    /// What was sold, as the text names it.
    pub item: String,
    pub quantity: u32,
    pub unit_price: f64,
}

/// An invoice: nested lines, integers and decimals.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Invoice {
    /// The invoice's number as written (`INV-2041`).
    pub number: String,
    pub customer: String,
    pub lines: Vec<Line>,
    pub total: f64,
}

/// Where a customer's message goes: a classification, answered as the bare enum.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Department {
    Billing,
    Technical,
    Shipping,
    Sales,
}

/// The same classification inside a record.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Triage {
    pub department: Department,
}

/// An appointment: a date as a string and an optional phone number.
#[derive(Debug, Serialize, Deserialize, JsonSchema)]
pub struct Appointment {
    /// The person's name.
    pub name: String,
    /// The day, `YYYY-MM-DD`.
    pub date: String,
    /// Null when the text gives none.
    pub phone: Option<String>,
}

/// The answer types, one per `Out` the evaluation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Shape {
    /// [`Invoice`].
    Invoice,
    /// [`Department`], the bare enum.
    Department,
    /// [`Triage`], the enum in a record.
    Triage,
    /// [`Appointment`].
    Appointment,
    /// `Vec<String>`: the names a text mentions.
    Guests,
}

impl Shape {
    /// Every answer type, in the report's order.
    pub const ALL: [Shape; 5] = [
        Shape::Invoice,
        Shape::Department,
        Shape::Triage,
        Shape::Appointment,
        Shape::Guests,
    ];

    /// The name in reports and logs (the Rust type the agent answers with).
    pub fn name(self) -> &'static str {
        match self {
            Shape::Invoice => "Invoice",
            Shape::Department => "Department (bare enum)",
            Shape::Triage => "Triage { department }",
            Shape::Appointment => "Appointment",
            Shape::Guests => "Vec<String>",
        }
    }

    /// The agent's system prompt: the task, in the words an application would write (the
    /// runtime adds the answer's schema).
    pub fn prompt(self) -> &'static str {
        match self {
            Shape::Invoice => {
                "Read the invoice the user describes: its number, the customer, each line (item, quantity, unit price) and the total."
            }
            Shape::Department | Shape::Triage => {
                "Route the customer's message to one department: billing, technical, shipping or sales."
            }
            Shape::Appointment => {
                "Record the appointment the user describes: the person's name, the date as YYYY-MM-DD, and the phone number (null when none is given)."
            }
            Shape::Guests => "List the names of the people the user mentions, in the order given.",
        }
    }
}

/// One request: the user's text and the value a right answer holds.
pub struct Case {
    pub shape: Shape,
    pub text: &'static str,
    pub expected: Value,
}

fn case(shape: Shape, text: &'static str, expected: Value) -> Case {
    Case {
        shape,
        text,
        expected,
    }
}

fn invoice(number: &str, customer: &str, lines: &[(&str, u32, f64)], total: f64) -> Value {
    let lines: Vec<Value> = lines
        .iter()
        .map(|(item, quantity, unit_price)| {
            json!({"item": item, "quantity": quantity, "unit_price": unit_price})
        })
        .collect();
    json!({"number": number, "customer": customer, "lines": lines, "total": total})
}

/// The customer messages of the classification, with their department; asked twice, as the
/// bare enum and inside [`Triage`].
const ROUTED: [(&str, &str); 6] = [
    (
        "I was charged twice for my subscription this month, please refund one of the payments.",
        "billing",
    ),
    (
        "The app crashes every time I open the settings page on my phone.",
        "technical",
    ),
    (
        "My parcel was supposed to arrive on Monday and the tracking hasn't moved for five days.",
        "shipping",
    ),
    (
        "We'd like a quote for 40 office chairs for our new branch.",
        "sales",
    ),
    (
        "I can't log in since the latest update, it says error 502.",
        "technical",
    ),
    (
        "The invoice you sent lists the wrong VAT number, can you correct it?",
        "billing",
    ),
];

/// The 30 requests, type by type.
pub fn cases() -> Vec<Case> {
    use Shape::*;
    let mut cases = vec![
        case(
            Invoice,
            "Invoice INV-2041 to Harbor Bakery. Items: 3 x flour at 4.50, 2 x butter at 6.25. Total due: 26.00.",
            invoice(
                "INV-2041",
                "Harbor Bakery",
                &[("flour", 3, 4.5), ("butter", 2, 6.25)],
                26.0,
            ),
        ),
        case(
            Invoice,
            "Please bill Lena Ortiz on invoice 7733 for 1 x guitar strings at 12.99. That's 12.99 in total.",
            invoice("7733", "Lena Ortiz", &[("guitar strings", 1, 12.99)], 12.99),
        ),
        case(
            Invoice,
            "Invoice number B-18, customer: Northwind Garage. 4 x tyre at 85, 1 x alignment at 60. Total 400.",
            invoice(
                "B-18",
                "Northwind Garage",
                &[("tyre", 4, 85.0), ("alignment", 1, 60.0)],
                400.0,
            ),
        ),
        case(
            Invoice,
            "Our invoice Q-560 for Maple Street School covers 10 x notebook at 2.20 and 5 x marker at 1.10, total 27.50.",
            invoice(
                "Q-560",
                "Maple Street School",
                &[("notebook", 10, 2.2), ("marker", 5, 1.1)],
                27.5,
            ),
        ),
        case(
            Invoice,
            "Invoice 99-A, customer Sam Whitfield: 2 x lamp at 35.00. Total: 70.00",
            invoice("99-A", "Sam Whitfield", &[("lamp", 2, 35.0)], 70.0),
        ),
        case(
            Invoice,
            "Bill to: Red Fern Florist. Invoice F-310. 12 x rose at 1.75, 3 x vase at 8.00, 1 x delivery at 5.00. Total 50.00.",
            invoice(
                "F-310",
                "Red Fern Florist",
                &[("rose", 12, 1.75), ("vase", 3, 8.0), ("delivery", 1, 5.0)],
                50.0,
            ),
        ),
    ];
    cases.extend(
        ROUTED
            .iter()
            .map(|&(text, department)| case(Department, text, json!(department))),
    );
    cases.extend(
        ROUTED
            .iter()
            .map(|&(text, department)| case(Triage, text, json!({ "department": department }))),
    );
    let appointment = |name: &str, date: &str, phone: Option<&str>| json!({"name": name, "date": date, "phone": phone});
    cases.extend([
        case(
            Appointment,
            "Book a dental check-up for Priya Nair on 2027-03-14, her number is 555-0142.",
            appointment("Priya Nair", "2027-03-14", Some("555-0142")),
        ),
        case(
            Appointment,
            "Put Tom Becker down for 2027-01-09. He didn't leave a phone number.",
            appointment("Tom Becker", "2027-01-09", None),
        ),
        case(
            Appointment,
            "Appointment for Ana Lima, the 2nd of February 2027, call her on 555-0199 if anything changes.",
            appointment("Ana Lima", "2027-02-02", Some("555-0199")),
        ),
        case(
            Appointment,
            "Can you schedule Jonas Meyer on 2026-12-21?",
            appointment("Jonas Meyer", "2026-12-21", None),
        ),
        case(
            Appointment,
            "Reserve a slot for Chloe Martin on 15 May 2027; phone 555-0117.",
            appointment("Chloe Martin", "2027-05-15", Some("555-0117")),
        ),
        case(
            Appointment,
            "Idris Bello wants to come in on 2027-04-30, reach him at 555-0163.",
            appointment("Idris Bello", "2027-04-30", Some("555-0163")),
        ),
        case(
            Guests,
            "Guests for Saturday: Mia, Noah and Elif.",
            json!(["Mia", "Noah", "Elif"]),
        ),
        case(
            Guests,
            "Only Daniel and Rosa confirmed for the dinner.",
            json!(["Daniel", "Rosa"]),
        ),
        case(
            Guests,
            "Seating list: Yusuf, Hana, Pedro, Ingrid.",
            json!(["Yusuf", "Hana", "Pedro", "Ingrid"]),
        ),
        case(
            Guests,
            "Kofi is coming, and so are Marta and Lars.",
            json!(["Kofi", "Marta", "Lars"]),
        ),
        case(Guests, "Invite Beatriz.", json!(["Beatriz"])),
        case(
            Guests,
            "Tickets go to Ravi, Sofia and Chen.",
            json!(["Ravi", "Sofia", "Chen"]),
        ),
    ]);
    cases
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::DeserializeOwned;

    /// Every expected value is itself an answer of its type: a typo in the suite would make a
    /// request impossible to answer right.
    #[test]
    fn every_expected_value_reads_as_its_type() {
        fn reads<T: DeserializeOwned + Serialize>(v: &Value) -> bool {
            serde_json::from_value::<T>(v.clone())
                .ok()
                .and_then(|t| serde_json::to_value(t).ok())
                .is_some_and(|back| value_right(v, &back))
        }
        let cases = cases();
        assert_eq!(cases.len(), 30);
        for c in &cases {
            let ok = match c.shape {
                Shape::Invoice => reads::<Invoice>(&c.expected),
                Shape::Department => reads::<Department>(&c.expected),
                Shape::Triage => reads::<Triage>(&c.expected),
                Shape::Appointment => reads::<Appointment>(&c.expected),
                Shape::Guests => reads::<Vec<String>>(&c.expected),
            };
            assert!(ok, "{}: {}", c.text, c.expected);
        }
        for shape in Shape::ALL {
            assert_eq!(cases.iter().filter(|c| c.shape == shape).count(), 6);
        }
    }

    #[test]
    fn the_totals_written_are_the_sums_of_the_lines() {
        for c in cases().iter().filter(|c| c.shape == Shape::Invoice) {
            let sum: f64 = c.expected["lines"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l["quantity"].as_f64().unwrap() * l["unit_price"].as_f64().unwrap())
                .sum();
            let total = c.expected["total"].as_f64().unwrap();
            assert!((sum - total).abs() < 1e-9, "{}", c.text);
        }
    }
}
