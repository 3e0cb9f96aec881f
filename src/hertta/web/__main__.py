"""``python -m hertta.web [--host H] [--port P] [--db PATH]``: the same as ``hertta serve``."""

from __future__ import annotations

import argparse

from hertta.web.server import run


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m hertta.web")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", default=None)
    args = parser.parse_args()
    run(args.host, args.port, args.db)


if __name__ == "__main__":
    main()
