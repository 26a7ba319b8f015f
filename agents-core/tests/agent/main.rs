//! The runtime's behaviour through the agent loop: runs, approvals, composition, the escalation
//! tree, journals, resumes, policies, time bounds and tool sources. One test binary for all of
//! them (each file a module), so the dependency tree is linked once; the tests that install a
//! `tracing` subscriber keep a binary of their own (`tracing_spans.rs`, `journal_tracing.rs`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../journaled/mod.rs"]
mod journaled;

mod approval;
mod ask_reused_numbers;
mod blocking_tools;
mod checks;
mod code_digits;
mod compose_escalation;
mod compose_loop;
mod compose_race;
mod conversation;
mod cut_other_values;
mod cut_repeats;
mod date_ranges;
mod default_echoes;
mod described_codes;
mod described_dates;
mod described_fractions;
mod escalation_budget;
mod escalation_fixer;
mod escalation_plain;
mod escalation_tree;
mod held_turn_readings;
mod in_place;
mod journal;
mod labelled_codes;
mod last_turn;
mod leave_out_echoes;
mod leave_out_retold;
mod lone_codes;
mod named_choices;
mod named_numbers;
mod named_tool;
mod narrowed;
mod numbers_once;
mod observability;
mod omitted;
mod other_kinds;
mod own_task;
mod pairing;
mod parallel;
mod pass_over_unfilled;
mod place_numbers;
mod place_strings;
mod policies;
mod quotes_over_retold;
mod repeats;
mod resume;
mod run_properties;
mod smoke;
mod standard_codes;
mod streaming;
mod time_bounds;
mod time_ranges;
mod told_currencies;
mod told_emails;
mod tool_source;
mod unnamed_flags;
mod user_spelling;
mod whole_codes;
mod whole_lists;
mod whole_quotes;
