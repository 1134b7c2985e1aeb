//! Integration tests: real Unix sockets, real processes, real git repos and a
//! real local HTTP server speaking the model APIs' wire formats.

mod bench;
mod eval;
mod gate;
mod git_push;
mod hook;
mod judge;
mod lists;
mod support;
mod tidy;
mod watch;
