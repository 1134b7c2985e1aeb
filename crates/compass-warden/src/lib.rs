//! Warden: gates, detectors, taint registry, audit and the hook wire protocol.
