"""The maintainer's command line: db migrations, catalogue seeding, the search index, admin
accounts, the purge of closed accounts, backups, and the build and workers of a shop that runs
several (grocer.serve)."""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path

from grocer import migrations
from grocer.db import session_scope


def _db(args: argparse.Namespace) -> int:
    if args.action == "upgrade":
        migrations.upgrade(args.revision or "head")
    else:
        migrations.downgrade(args.revision or "base")
    target = args.revision or ("head" if args.action == "upgrade" else "base")
    print(f"database {args.action}d to {target}")
    return 0


def _seed(args: argparse.Namespace) -> int:
    from grocer.seed import loader

    if not args.demo and not args.articles:
        print("nothing to do: pass --demo and/or --articles N", file=sys.stderr)
        return 2
    with session_scope() as db:
        if args.demo:
            counts = loader.load_demo(db)
            print("demo catalogue: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
        if args.articles:
            loader.load_synthetic(db, args.articles)
            print(f"synthetic catalogue: {args.articles} articles")
    return 0


def _search_rebuild(_args: argparse.Namespace) -> int:
    from grocer.services import search_index
    from grocer.services.catalogue_cache import bump_version

    with session_scope() as db:
        count = search_index.rebuild(db)
        bump_version(db)
    print(f"search index rebuilt: {count} documents")
    return 0


def _create_admin(args: argparse.Namespace) -> int:
    from grocer.services import accounts
    from grocer.services.errors import ServiceError

    try:
        with session_scope() as db:
            user = accounts.create_admin(db, args.username, args.email, args.password)
            print(f"admin {user.username} (id {user.id}) ready")
    except ServiceError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return 1
    return 0


def _purge_accounts(_args: argparse.Namespace) -> int:
    from grocer.models.base import utcnow
    from grocer.services import account_purge

    with session_scope() as db:
        purged = account_purge.purge_due_accounts(db, utcnow())
    print(f"{purged} account(s) purged")
    return 0


def _backup(args: argparse.Namespace) -> int:
    from grocer import backup
    from grocer.settings import get_settings

    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    path = Path(args.path or f"grocer-backup-{stamp}.backup")
    try:
        written = backup.backup(get_settings().db_url, path)
    except backup.BackupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"backup written to {written} ({written.stat().st_size:,} bytes)")
    return 0


def _restore(args: argparse.Namespace) -> int:
    from grocer import backup
    from grocer.settings import get_settings

    try:
        backup.restore(get_settings().db_url, Path(args.path))
    except backup.BackupError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(f"database restored from {args.path}")
    return 0


def _build(_args: argparse.Namespace) -> int:
    from grocer import serve

    try:
        serve.build(Path.cwd())
    except serve.ServeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def _serve(args: argparse.Namespace) -> int:
    from grocer import serve

    try:
        serve.serve(args.host, args.port)
    except serve.ServeError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="grocer", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)

    db = sub.add_parser("db", help="database migrations")
    db.add_argument("action", choices=["upgrade", "downgrade"])
    db.add_argument("revision", nargs="?", default=None)
    db.set_defaults(func=_db)

    seed = sub.add_parser("seed", help="load catalogue data")
    seed.add_argument("--demo", action="store_true", help="the demo catalogue (idempotent)")
    seed.add_argument("--articles", type=int, default=0, help="a synthetic catalogue of N articles")
    seed.set_defaults(func=_seed)

    search = sub.add_parser("search", help="the search index")
    search.add_argument("action", choices=["rebuild"])
    search.set_defaults(func=_search_rebuild)

    admin = sub.add_parser("create-admin", help="create or promote an admin account")
    admin.add_argument("--username", required=True)
    admin.add_argument("--email", required=True)
    admin.add_argument("--password", required=True)
    admin.set_defaults(func=_create_admin)

    purge = sub.add_parser(
        "purge-accounts",
        help="anonymise the accounts whose deletion grace period is over (idempotent)",
    )
    purge.set_defaults(func=_purge_accounts)

    saved = sub.add_parser(
        "backup", help="a consistent copy of the database, taken while the shop runs"
    )
    saved.add_argument(
        "path", nargs="?", default=None, help="default: grocer-backup-<UTC time> here"
    )
    saved.set_defaults(func=_backup)

    restored = sub.add_parser(
        "restore", help="replace the database by a backup (stop the shop first)"
    )
    restored.add_argument("path")
    restored.set_defaults(func=_restore)

    built = sub.add_parser("build", help="build the production pages once, for `grocer serve`")
    built.set_defaults(func=_build)

    served = sub.add_parser(
        "serve", help="one worker: serve the built pages and the backend on one port, no build"
    )
    served.add_argument("--host", default="127.0.0.1")
    served.add_argument("--port", type=int, required=True)
    served.set_defaults(func=_serve)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))


if __name__ == "__main__":
    raise SystemExit(main())
