"""Balance reports: many games played (gangland.sim), their statistics, plots and an HTML page.

`stats` is pure Python; the plots need matplotlib (the extra gangland[report]).
"""
