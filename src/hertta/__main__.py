"""``python -m hertta`` runs the command line."""

from hertta.cli import main

main()
