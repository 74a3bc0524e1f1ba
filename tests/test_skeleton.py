"""The UTS #39 skeleton that tells look-alike names apart from different ones."""

from __future__ import annotations

import pytest

from bot.glue.skeleton import look_alike, skeleton


def test_the_skeleton_maps_each_confusable_to_its_prototype():
    assert skeleton("p\u0430ypal") == "paypal"                   # a Cyrillic а, as UTS #39's own example
    assert skeleton("m") == skeleton("rn") == "rn"
    assert skeleton(skeleton("Doc HoIliday")) == skeleton("Doc Holliday")


@pytest.mark.parametrize("other", ["D\u043ec H\u043elliday", "D\u03bfc Holliday", "Doc HoIliday", "\uff24oc Holliday",
                                   "DOC HOLLIDAY", "Doc Ho1liday", "\U0001d403oc Holliday", "Doc Ho\u217cliday"])
def test_names_that_read_as_doc_holliday_look_alike(other):
    assert look_alike("Doc Holliday", other)


@pytest.mark.parametrize("other", ["Doc Holiday", "Doc", "\u0110oc Holliday", "Doc Hollidays", "Wyatt Earp"])
def test_names_that_read_otherwise_do_not(other):
    assert not look_alike("Doc Holliday", other)
