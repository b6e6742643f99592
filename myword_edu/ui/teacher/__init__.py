"""The teacher panel and its tabs."""
