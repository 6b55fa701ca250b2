"""Unit tests of pure rules (no database, no network)."""
