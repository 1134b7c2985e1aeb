//! Workloads: the WorkloadRuntime seam and its sandbox, host and OCI backends.
