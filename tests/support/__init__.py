"""Helpers of the test suite that several test modules share (a test module never imports another)."""
