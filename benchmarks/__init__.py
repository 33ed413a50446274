"""Ratio benchmarks of the speed engines against M4RI, galois and a column-scan baseline."""
