"""bot/pictures uses the standard library, Pillow, ISA-L's deflate (isal), the rules engine and itself, nothing
else."""

import ast
import sys
from pathlib import Path

import bot.pictures

ALLOWED = set(sys.stdlib_module_names) | {"PIL", "isal"}
OWN = ("bot.rules", "bot.pictures")


def test_render_imports_only_the_standard_library_pillow_isal_and_the_rules():
    for path in Path(bot.pictures.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert not node.level or node.level == 1, (path.name, node.module)
                if node.level:
                    continue
                names = [node.module or ""]
            else:
                continue
            assert all(name.split(".")[0] in ALLOWED or name.startswith(OWN) for name in names), (path.name, names)
