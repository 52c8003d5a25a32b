"""The Beyond-vectors topic: kernels on the nodes of a graph (diffusion) and kernels that measure independence."""
