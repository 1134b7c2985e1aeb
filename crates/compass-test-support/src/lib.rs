//! Test support: scripted model servers and fixtures shared by the workspace's tests.
