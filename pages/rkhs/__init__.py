"""The RKHS topic: the function space a kernel builds, the reproducing property and the representer theorem."""
