"""Serving the notebooks: the web handlers, the server console and log, the machine's address."""
