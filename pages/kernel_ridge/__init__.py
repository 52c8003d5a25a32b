"""The kernel_ridge topic."""
