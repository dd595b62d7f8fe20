"""Gangland: rules engines, bots and tools for gangster-themed tabletop games."""

__version__ = "0.1.0"
