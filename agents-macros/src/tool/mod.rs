//! `#[tool]`: three phases, one file each: the option grammar ([`args`]), what the function's
//! signature says ([`signature`]), and code generation ([`expand`]).

mod args;
pub(crate) mod expand;
mod signature;

#[cfg(test)]
pub(crate) mod tests;

pub(crate) use args::check_tool_name;
