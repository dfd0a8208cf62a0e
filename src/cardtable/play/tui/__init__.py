"""The full-screen terminal table (Textual): start menu, table, replay."""

from cardtable.play.tui.app import CardtableApp

__all__ = ["CardtableApp"]
