"""Fake outside services for tests: real loopback HTTP servers (see `providers`).

Enable the fixtures with `pytest_plugins = ["tests.fakes.providers"]`.
"""
