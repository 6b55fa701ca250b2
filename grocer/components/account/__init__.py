"""The sections of /account, one module each (the page assembles them: grocer/pages/account.py)."""
