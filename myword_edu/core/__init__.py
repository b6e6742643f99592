"""The ground floor: language tags and folding, every exception (one root), shipped data."""
