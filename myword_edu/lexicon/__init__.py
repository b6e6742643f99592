"""The word lists: the Lexicon and its word graph (DAWG)."""
