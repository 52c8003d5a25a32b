"""The kernel_pca topic."""
