"""Grocer: a French-first online grocery shop for West Africa."""
