"""Reflex states: what pages show. No SQL and no business rule here: they call services."""
