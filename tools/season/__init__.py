"""A season at once: every game record in folders, zip archives and JSON-lines files replayed through
POST /v1/games on every core, one JSON line per game, and the season table (README "A season at once").

Development and club tool, never imported by the service. `sources` finds the games and their formats,
`replay` posts each to the app's test client in a worker, `table` adds up the season, `cli` is the command
(`python -m tools.season`).
"""
