"""The REST API v1 (FastAPI), mounted on the Reflex backend under /api/v1."""
