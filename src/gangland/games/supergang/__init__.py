"""Supergang (Ludodélire 1984), reconstructed: work in progress; not registered yet."""
