"""The perceptron_knn topic."""
