"""cardtable: exact rules, bots, analysis and records for four traditional card games."""

__version__ = "0.1.0"
