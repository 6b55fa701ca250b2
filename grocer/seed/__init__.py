"""Demo catalogue data and generated pictures for Grocer."""
