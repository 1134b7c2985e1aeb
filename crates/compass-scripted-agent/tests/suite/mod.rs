//! Protocol conformance of the scripted agent.

mod protocol;
