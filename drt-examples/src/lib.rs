//! Realistic types with realistic bugs, the kind that reach production, for
//! drt to find. Each module documents its bug; `bugfree` has none. The demo
//! (`cargo run --release -p drt-examples`) explores them all.

pub mod arena;
pub mod bank;
pub mod batch;
pub mod bitmap;
pub mod bitpack;
pub mod bugfree;
pub mod cache;
pub mod calendar;
pub mod checksum;
pub mod chunked;
pub mod clearing;
pub mod deque;
pub mod edge;
pub mod frames;
pub mod histogram;
pub mod index;
pub mod inline_stack;
pub mod journal;
pub mod ledger;
pub mod limiter;
pub mod lines;
pub mod lru;
pub mod money;
pub mod ordered;
pub mod playlist;
pub mod raster;
pub mod readbuf;
pub mod retry;
pub mod ring;
pub mod route;
pub mod samples;
pub mod seats;
pub mod span;
pub mod stock;
pub mod tags;
pub mod tasks;
pub mod text;
pub mod timeline;
pub mod units;
pub mod username;
pub mod version;
pub mod wallet;
