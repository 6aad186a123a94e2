"""The sub-commands of ``lasvegas``: one module each, argument parsing and printing only.

Each module provides ``add_arguments(parser)`` and ``run(args) -> int`` (the
exit status) and imports the library it calls at the top, so that a build
without that library (e.g. without ``lasvegas.ui``) simply lacks the command
(see ``lasvegas.cli``).  The work itself is done by the core, the AI, the
solo and UI packages, which neither parse options nor print.
"""
