"""``python -m cardtable``: the command line, as the ``cardtable`` script."""

from cardtable.cli import main

main()
