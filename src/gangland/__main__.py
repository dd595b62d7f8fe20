"""`python -m gangland`: the gangland command (what `gangland play` prints when it was run this way)."""

from gangland.cli import main

main()
