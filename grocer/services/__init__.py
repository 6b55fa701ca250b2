"""Business rules and persistence. No Reflex import here: the UI and the API both call in."""
