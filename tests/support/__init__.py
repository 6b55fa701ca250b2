"""What the tests share, beside the fixtures of the conftest.py files: the shop server, SMTP
and the browser (e2e, bench); accounts, carts and API clients (REST tests); the state-tree
harness and the address dialog (state tests). Unit, REST and state tests take their helpers
from here, never from another test module."""

API = "/api/v1"  # the REST prefix
