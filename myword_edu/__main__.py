"""``python -m myword_edu``: the same as the ``myword-edu`` console script."""

import sys

from myword_edu.cli import main

if __name__ == "__main__":
    sys.exit(main())
