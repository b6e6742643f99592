"""MyWord! pages: the student app, its model, panels, table, recorder and settings."""
