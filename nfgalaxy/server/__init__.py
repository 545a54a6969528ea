"""Serving the app to remote players over SSH."""
