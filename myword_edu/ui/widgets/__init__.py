"""Widgets shared by every page: display, timer, download, upload, chart, style."""
