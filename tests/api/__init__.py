"""REST contract tests (their factories and fixtures: tests/support, tests/api/conftest.py)."""
