"""The kernels topic."""
