"""`python -m tools.season PATH...`: see tools/season/cli.py."""
import sys

from .cli import main

sys.exit(main())
