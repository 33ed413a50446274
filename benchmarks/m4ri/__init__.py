"""The M4RI timing harness: a small C program and its Python driver."""
