"""The ludeme language: types, the registry of ludemes, and the checker."""
