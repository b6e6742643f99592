"""The class commands of the ``myword-edu`` script: ``export``, ``passcode``, and ``serve``'s store set-up.

- ``myword-edu export --out DIR [--db URL] [--lang es] [--format csv|xlsx|both]``
  writes the attempts CSV, the summary CSV and a workbook (.xlsx) with both
  tables into ``DIR`` (``--format`` picks one kind; the default is both).
- ``myword-edu passcode [--db URL]`` sets a new teacher passcode (asked twice,
  never echoed): the way back in when it is forgotten or the panel is locked
  out, and the way to set one up without ``serve`` (a JupyterHub).
- ``myword-edu unlock [--db URL]`` prints a one-time code that opens the
  teacher panel even while wrong guesses make it wait (or, before a passcode
  is chosen, a setup code). Run it on the computer that runs the app.
- :func:`prepare_store` is what ``serve`` does first: opens (and migrates) the
  class database, tells the kernels where it is, and prints the teacher
  panel's link and, until a passcode is chosen, a one-time setup code.

>>> parser = argparse.ArgumentParser(); commands = parser.add_subparsers(dest="command")
>>> add_class_commands(commands)
>>> args = parser.parse_args(["export", "--out", "/tmp/x", "--lang", "es"])
>>> args.command, str(args.out), args.lang, args.db, args.format
('export', '/tmp/x', 'es', None, 'both')
"""

from __future__ import annotations

import argparse
import getpass
import os
import sys
from pathlib import Path
from typing import Any, Callable

__all__ = ["add_class_commands", "add_db_argument", "prepare_store", "TEACHER_NOTEBOOK"]

#: The teacher panel's notebook, relative to the notebooks folder.
TEACHER_NOTEBOOK = "teacher.ipynb"


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="the class database: a SQLAlchemy URL or a file path "
        "(default: $MYWORD_EDU_DB, else myword.sqlite3 in your data folder)",
    )


def add_class_commands(commands: Any) -> None:
    """Add ``export``, ``passcode`` and ``unlock`` to the script's subcommands."""
    export = commands.add_parser(
        "export",
        help="write the class's progress as CSV files and a spreadsheet workbook (attempts and summary)",
        description="Write the attempts CSV, the summary CSV (per student and focus word) and a workbook "
        "(.xlsx, both tables as sheets, for Excel, LibreOffice or Google Sheets) into a folder.",
    )
    export.add_argument("--out", type=Path, required=True, metavar="DIR", help="folder to write the files into")
    export.add_argument("--lang", choices=("en", "es"), default="en", help="language of the column titles (default en)")
    export.add_argument(
        "--format",
        choices=("csv", "xlsx", "both"),
        default="both",
        help="csv: the two CSV files; xlsx: the workbook; both (default): all three",
    )
    add_db_argument(export)
    export.set_defaults(handler=_export_command)
    passcode = commands.add_parser(
        "passcode",
        help="set a new teacher passcode (when it is forgotten, or on a server without `serve`)",
        description="Set a new teacher passcode for the teacher panel. It is asked twice and not shown.",
    )
    add_db_argument(passcode)
    passcode.set_defaults(handler=_passcode_command)
    unlock = commands.add_parser(
        "unlock",
        help="print a one-time code that opens the teacher panel (when wrong guesses keep you out)",
        description="Print a one-time code that opens the teacher panel even while it asks to wait. "
        "It works once, for 15 minutes. Before a passcode is chosen it prints a setup code instead.",
    )
    add_db_argument(unlock)
    unlock.set_defaults(handler=_unlock_command)


def _export_command(args: argparse.Namespace) -> int:
    from myword_edu.core.errors import MyWordError
    from myword_edu.classroom.export import write_exports
    from myword_edu.classroom.store import Store

    try:
        store = Store.open(args.db)
        formats = ("csv", "xlsx") if args.format == "both" else (args.format,)
        paths = write_exports(store, args.out, lang=args.lang, formats=formats)
    except (MyWordError, OSError) as error:
        print(f"myword-edu export: {error}", file=sys.stderr)
        return 1
    for path in paths:
        print(path)
    return 0


def _passcode_command(args: argparse.Namespace, ask: Callable[[str], str] = getpass.getpass) -> int:
    from myword_edu.core.errors import MyWordError
    from myword_edu.classroom.passcode import TeacherAuth
    from myword_edu.classroom.store import Store

    try:
        store = Store.open(args.db)
        new = ask("New teacher passcode: ")
        repeat = ask("Repeat it: ")
        TeacherAuth(store).reset(new, repeat)
    except (MyWordError, EOFError) as error:
        print(f"myword-edu passcode: {error}", file=sys.stderr)
        return 1
    print("The teacher passcode has been set.")
    return 0


def _unlock_command(args: argparse.Namespace) -> int:
    from myword_edu.core.errors import MyWordError
    from myword_edu.classroom.passcode import UNLOCK_CODE_SECONDS, TeacherAuth
    from myword_edu.classroom.store import Store

    try:
        auth = TeacherAuth(Store.open(args.db))
        if not auth.has_passcode():
            code = auth.issue_setup_code()
            print(f"No passcode has been chosen yet. Open the teacher panel and enter this setup code to choose one: {code}")
            return 0
        code = auth.issue_unlock_code()
    except MyWordError as error:
        print(f"myword-edu unlock: {error}", file=sys.stderr)
        return 1
    minutes = int(UNLOCK_CODE_SECONDS // 60)
    print(f"One-time code for the teacher panel: {code}\n"
          f"Type it in the panel's passcode box within {minutes} minutes. It opens the panel once, "
          "even while it asks you to wait.")  # fmt: skip
    return 0


def prepare_store(db: str | None, teacher_url: str) -> int:
    """Open the class database for ``serve`` and print the teacher panel's link (and setup code).

    The kernels find the database through ``MYWORD_EDU_DB``. Returns 0, or 1
    (with a message) when the database cannot be opened.
    """
    from myword_edu.core.errors import MyWordError
    from myword_edu.classroom.passcode import TeacherAuth
    from myword_edu.classroom.store import DB_ENV, Store, resolve_url

    url = resolve_url(db)
    os.environ[DB_ENV] = url
    try:
        store = Store.open(url)
        code = TeacherAuth(store).issue_setup_code()
    except MyWordError as error:
        print(f"myword-edu serve: {error}", file=sys.stderr)
        return 1
    print(f"Class database: {store.url}", flush=True)
    print(f"Teacher panel: {teacher_url}", flush=True)
    if code:
        print(f"First time: open the teacher panel and enter this setup code to choose your passcode: {code}", flush=True)
    else:
        same_db = " with the same --db" if db else ""
        print(f"Locked out of the teacher panel? Run myword-edu unlock on this computer{same_db} for a one-time code.",
              flush=True)  # fmt: skip
    return 0
