"""One subpackage per game; each registers itself when imported (see cardtable.registry)."""
