"""The home topic."""
