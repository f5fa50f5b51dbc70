"""Where the tests find things: the repository root, the committed cases, and ../shared (absent in a fresh clone)."""
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CASES = os.path.join(ROOT, "tests", "cases")
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
