//! The accept loop against real sockets and a really full file table.

mod suite;
