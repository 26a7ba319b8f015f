//! What macro-generated code needs, under one hidden path.

pub use ::core;
pub use ::futures_util::future::BoxFuture;
pub use ::schemars;
pub use ::serde;
pub use ::serde_json;
pub use ::std;
