//! A real ACP agent driven by a scenario file: the demo agent and the test double.

fn main() {}
