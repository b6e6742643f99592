"""The ``build-site`` subcommand: ``myword-edu build-site OUTDIR``.

>>> import argparse
>>> parser = argparse.ArgumentParser(prog="myword-edu")
>>> add_site_commands(parser.add_subparsers(dest="command"))
>>> args = parser.parse_args(["build-site", "site", "--cache", "/tmp/c"])
>>> args.command, args.outdir, args.cache
('build-site', 'site', '/tmp/c')
"""

from __future__ import annotations

import argparse
import sys

__all__ = ["add_site_commands"]

_DESCRIPTION = """\
Build the student app as a static folder that any web server can publish (or a
USB stick with `python -m http.server`): MyWord! (and Boggle) practice run in a
Python kernel inside the browser, with no code shown and nothing fetched from
any other host. Progress is kept in the browser and downloads as CSV.

The build itself needs the internet (PyPI and npm, pinned versions, cached) and
`pip install 'myword-edu[site]'`. OUTDIR must be empty, new, or a site built
before (it is then replaced). Students open OUTDIR's index.html through the
web server (not as a file)."""


def add_site_commands(commands: "argparse._SubParsersAction[argparse.ArgumentParser]") -> None:
    parser = commands.add_parser(
        "build-site",
        help="build the student app as a static site with a Python kernel in the browser",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("outdir", help="the folder to build into (empty, new, or a site built before)")
    parser.add_argument(
        "--cache", default=None, metavar="DIR",
        help="where downloads are kept between builds (default: $MYWORD_SITE_CACHE or the user's cache folder)",
    )  # fmt: skip
    parser.set_defaults(handler=_build_site_command)


def _build_site_command(args: argparse.Namespace) -> int:
    from myword_edu.site.build import build_site
    from myword_edu.site.fetch import SiteBuildError

    try:
        manifest = build_site(args.outdir, cache_dir=args.cache, report=lambda text: print(text, flush=True))
    except SiteBuildError as error:
        print(f"build-site: {error}", file=sys.stderr)
        return 1
    games = ", ".join(manifest["games"])
    print(
        f"Done: {manifest['files']} files, {manifest['bytes'] / 1e6:.1f} MB ({games}).\n"
        f"Publish the folder on any web server, or try it here: python -m http.server -d {args.outdir} 8000\n"
        "and open http://localhost:8000/"
    )
    return 0
