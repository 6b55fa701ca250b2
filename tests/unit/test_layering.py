"""The layers of DESIGN.md, checked on the source: every `import` of every module under
`grocer/`, read with `ast` (nothing is imported), wherever it stands — at the top, inside a
function, under `if TYPE_CHECKING:` or `try:` — and `importlib.import_module("…")` with a
literal name.

services and models import no Reflex, FastAPI, state, page, component or api; the api imports
no state, page or component; states import no component and no SQL library; the view-models
(`grocer/views`), the HTML delivery (`grocer/web`) and the preview (`grocer/preview`, until it
moves into those two) import no page or state; and no import cycle runs among `grocer` modules.
A layer breaks a rule through another module too (the web importing a helper that imports a
state still loads the state), except for the SQL libraries: the services a state calls use them.
The checks of the reader itself run on small packages written to `tmp_path`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "grocer"

UI = ("reflex", "grocer.state", "grocer.pages", "grocer.components")
WEB_FRAMEWORKS = ("fastapi", "starlette")
SQL = ("sqlmodel", "sqlalchemy")

#: package prefix -> imports it must not make
RULES: dict[str, tuple[str, ...]] = {
    "grocer.services": (*UI, *WEB_FRAMEWORKS, "grocer.api", "grocer.web"),
    "grocer.models": (*UI, *WEB_FRAMEWORKS, "grocer.api", "grocer.web", "grocer.services"),
    "grocer.api": ("grocer.state", "grocer.pages", "grocer.components"),
    "grocer.state": ("grocer.components", "grocer.pages", *SQL),
    "grocer.views": ("reflex", "grocer.state", "grocer.pages", "grocer.components"),
    "grocer.web": ("grocer.state", "grocer.pages"),
    # Until its view helpers move to grocer/views and its writer to grocer/web (issue 13).
    "grocer.preview": ("grocer.state", "grocer.pages"),
}

Modules = dict[str, Path]
Import = tuple[str, int]  # (imported module, line)


# --- the reader ---------------------------------------------------------------------------------


def module_files(package: Path) -> Modules:
    """Dotted name -> file, for every module of `package` (named from the package's parent)."""
    found: Modules = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _import_module_call(node: ast.Call) -> str | None:
    """The literal name given to `importlib.import_module("…")` or `import_module("…")`."""
    func = node.func
    called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if called != "import_module" or not node.args:
        return None
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    return None


@cache
def _nodes(path: Path) -> tuple[ast.AST, ...]:
    """Every node of a module's syntax tree (parsed once: the rules walk modules many times)."""
    return tuple(ast.walk(ast.parse(path.read_text(), str(path))))


def imports_of(name: str, modules: Modules) -> Iterator[Import]:
    """Every module `name` imports, wherever the statement stands (`ast.walk` visits function
    bodies and `if TYPE_CHECKING:` blocks alike: a type-only import still couples the layers)."""
    path = modules[name]
    is_package = path.name == "__init__.py"
    for node in _nodes(path):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from the module's own package, one level up per dot
                base = name.split(".")
                base = base[: len(base) - node.level + (1 if is_package else 0)]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            yield module, node.lineno
            for alias in node.names:  # `from grocer.state import auth` imports a module
                if f"{module}.{alias.name}" in modules:
                    yield f"{module}.{alias.name}", node.lineno
        elif isinstance(node, ast.Call) and (dynamic := _import_module_call(node)):
            yield dynamic, node.lineno


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def violations(
    modules: Modules, rules: dict[str, tuple[str, ...]], root: str = "grocer"
) -> list[str]:
    """Every banned import a layer's module makes itself, and the shortest path by which it
    reaches one through other modules of `root` (a web module importing a helper that imports a
    state still loads the state). SQL libraries are banned from the states' own code only: the
    services they call use them."""
    graph = import_graph(modules, root)
    imports = {name: list(imports_of(name, modules)) for name in modules}
    found = []
    for name in sorted(modules):
        for layer, banned in rules.items():
            if not _under(name, layer):
                continue
            for imported, line in imports[name]:
                if _banned(imported, banned):
                    found.append(f"{name}:{line} imports {imported} ({layer} must not)")
            indirect = tuple(b for b in banned if b not in SQL)
            reached = _reached(name, graph, imports, indirect)
            if reached:
                path, imported = reached
                through = " -> ".join(path)
                found.append(f"{name} reaches {imported} through {through} ({layer} must not)")
    return found


def _banned(module: str, banned: tuple[str, ...]) -> bool:
    return any(_under(module, b) for b in banned)


def _reached(
    name: str,
    graph: dict[str, set[str]],
    imports: dict[str, list[Import]],
    banned: tuple[str, ...],
) -> tuple[list[str], str] | None:
    """The shortest path from `name` through allowed modules to one that makes a banned import:
    (the path, the banned module), or None. Breadth first, in name order: stable reports."""
    parent: dict[str, str] = {}
    queue = [t for t in sorted(graph[name]) if not _banned(t, banned)]
    for first in queue:
        parent[first] = name
    while queue:
        current = queue.pop(0)
        hits = sorted(i for i, _ in imports[current] if _banned(i, banned))
        if hits:
            path = [current]
            while parent[path[0]] != name:
                path.insert(0, parent[path[0]])
            return path, hits[0]
        for nxt in sorted(graph[current]):
            if nxt != name and nxt not in parent and not _banned(nxt, banned):
                parent[nxt] = current
                queue.append(nxt)
    return None


def import_graph(modules: Modules, root: str) -> dict[str, set[str]]:
    """Module -> the modules of `root` it imports (the deepest module each import names)."""
    graph: dict[str, set[str]] = {}
    for name in modules:
        targets = set()
        for imported, _line in imports_of(name, modules):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name and _under(imported, root):
                targets.add(imported)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(node: str) -> None:
        nonlocal counter
        index[node] = low[node] = counter
        counter += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def without_package_children(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    """A package's __init__ that re-exports its modules is not a cycle of its own: only
    edges between modules count (a package importing its own children is left out)."""
    return {name: {t for t in targets if not _under(t, name)} for name, targets in graph.items()}


@cache
def _grocer() -> Modules:
    return module_files(PACKAGE)


# --- the rules on grocer/ -------------------------------------------------------------------------


def test_layers_import_only_downwards() -> None:
    assert violations(_grocer(), RULES) == []


def test_no_import_cycle() -> None:
    assert cycles(without_package_children(import_graph(_grocer(), "grocer"))) == []


# --- the reader, on packages written for the test ------------------------------------------------


def write_package(root: Path, files: dict[str, str]) -> Modules:
    """Write the package `shop` under `root` (`files`: paths relative to `shop/`; every folder
    gets an empty `__init__.py` unless given) and read it back as the rules read grocer/."""
    for relative, source in {"__init__.py": "", **files}.items():
        path = root / "shop" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source)
        for folder in path.relative_to(root).parents[:-1]:
            (root / folder / "__init__.py").touch()
    return module_files(root / "shop")


def test_reads_relative_imports_and_modules_named_in_from_imports(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "__init__.py": "from . import ui\n",
            "ui/page.py": "",
            "ui/widgets.py": "",
            "core/__init__.py": "from .rules import RULE\n",
            "core/rules.py": "RULE = 1\n",
            "core/deep/calc.py": (
                "from .. import rules\n"
                "from ..rules import RULE\n"
                "from ...ui import page, NOT_A_MODULE\n"
                "from . import helper\n"
                "import shop.ui.widgets as widgets\n"
            ),
            "core/deep/helper.py": "",
        },
    )
    assert sorted(set(imports_of("shop.core.deep.calc", modules))) == [
        ("shop.core", 1),
        ("shop.core.deep", 4),
        ("shop.core.deep.helper", 4),
        ("shop.core.rules", 1),
        ("shop.core.rules", 2),
        ("shop.ui", 3),
        ("shop.ui.page", 3),
        ("shop.ui.widgets", 5),
    ]
    # In a package's __init__, one dot is the package itself.
    assert list(imports_of("shop.core", modules)) == [("shop.core.rules", 1)]
    assert sorted(imports_of("shop", modules)) == [("shop", 1), ("shop.ui", 1)]


def test_function_level_type_checking_and_dynamic_imports_count(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "core.py": (
                "from typing import TYPE_CHECKING\n"
                "import importlib\n"
                "if TYPE_CHECKING:\n"
                "    from shop.ui import Page\n"
                "def later():\n"
                "    import reflex\n"
                "    try:\n"
                "        from sqlmodel import Session\n"
                "    except ImportError:\n"
                "        pass\n"
                "    return importlib.import_module('shop.ui')\n"
            ),
            "ui.py": "",
        },
    )
    found = violations(modules, {"shop.core": ("shop.ui", "reflex", "sqlmodel")}, root="shop")
    assert found == [
        "shop.core:4 imports shop.ui (shop.core must not)",
        "shop.core:6 imports reflex (shop.core must not)",
        "shop.core:8 imports sqlmodel (shop.core must not)",
        "shop.core:11 imports shop.ui (shop.core must not)",
    ]


def test_finds_cycles_through_function_level_imports_but_not_package_reexports(
    tmp_path: Path,
) -> None:
    modules = write_package(
        tmp_path,
        {
            "state/__init__.py": "from shop.state import auth, bag\n",
            "state/auth.py": "def sign_in():\n    from shop.state.bag import Bag\n",
            "state/bag.py": "from shop.state import dialogs\n",
            "state/dialogs.py": "from .auth import sign_in\n",
            "state/alone.py": "import shop.state\n",
        },
    )
    graph = without_package_children(import_graph(modules, "shop"))
    assert cycles(graph) == [["shop.state.auth", "shop.state.bag", "shop.state.dialogs"]]
    # The package re-exporting its modules, imported by one of them, is no cycle.
    assert graph["shop.state"] == set() and graph["shop.state.alone"] == {"shop.state"}


def test_a_banned_import_made_through_another_module_counts(tmp_path: Path) -> None:
    modules = write_package(
        tmp_path,
        {
            "web/headers.py": "from shop import helpers\n",
            "helpers.py": "from shop.widgets import button\n",
            "widgets.py": "from shop.state import Cart\ndef button(): ...\n",
            "state.py": "import sqlmodel\nfrom shop import services\n",
            "services.py": "import sqlmodel\n",
        },
    )
    rules = {"shop.web": ("shop.state",), "shop.state": ("shop.widgets", *SQL)}
    assert violations(modules, rules, root="shop") == [
        "shop.state:1 imports sqlmodel (shop.state must not)",
        "shop.web.headers reaches shop.state through shop.helpers -> shop.widgets "
        "(shop.web must not)",
    ]
