"""The baselines our engines are measured against (column-scan Python, galois)."""
