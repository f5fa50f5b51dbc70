"""Compiled pieces of the calculator (_ready: readiness of closed 13-tile hands), present only where pip could
build them; calculator.readings.closed imports them when they are there and uses its own Python otherwise."""
