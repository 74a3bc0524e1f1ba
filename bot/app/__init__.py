"""The composition root: the command line, start-up, settings, the health check and offline play."""
