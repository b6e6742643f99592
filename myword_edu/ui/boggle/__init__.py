"""Boggle pages: the app, grid, model, panels, recorder, settings and the student page."""
