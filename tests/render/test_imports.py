"""bot/render uses the standard library, Pillow and the rules engine, nothing else."""

import ast
import sys
from pathlib import Path

import bot.render

ALLOWED = set(sys.stdlib_module_names) | {"PIL"}


def test_render_imports_only_the_standard_library_pillow_and_the_rules():
    for path in Path(bot.render.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    assert node.level == 1 or (node.module or "").startswith("rules"), (path.name, node.module)
                    continue
                names = [node.module or ""]
            else:
                continue
            assert all(name.split(".")[0] in ALLOWED for name in names), (path.name, names)
