"""Compiled pieces of the calculator, present only where pip could build them: _ready (readiness of closed 13-tile
hands; calculator.readings.closed imports it) and _widen (tile efficiency: each discard's shanten and ukeire, the
improvements, the four-copies distance of a suit; calculator.readings.compiled imports it). Without them the
calculator uses its own Python."""
