"""myword-edu: classroom spelling games (MyWord! and Boggle) in English and Spanish.

The engine (everything outside :mod:`myword_edu.ui`) is pure Python and imports
no Jupyter package, so it also runs in a browser kernel.
"""

__version__ = "0.1.0"
