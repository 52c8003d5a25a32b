"""The mercer topic."""
