"""Reusable UI: plain functions returning rx.Component, and wrapped React libraries."""
