"""The svm topic."""
