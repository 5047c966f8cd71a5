"""The catalogs: complete, current, and true to their messages' places and plural forms.

Read with Babel's own reader, against what `pybabel extract` finds in the code now (the
command of scripts/translations.sh), so a string marked and not yet in the catalogs fails
here with its text.
"""

from __future__ import annotations

import re

import pytest
from babel.messages.mofile import read_mo

from tests.messages import ROOT, catalog_folder, extract_each, read

# the app's catalogs, then each game kind's own
NAMES = ["app", *sorted(path.parent.name for path in
                         (ROOT / "companion" / "kinds").glob("*/translations"))]
# the forms each language's plurals take (CLDR, as gettext writes them): Estonian one and
# other; Polish one, few ("2 noce") and many ("5 nocy"); Latvian zero, one and other
PLURAL_FORMS = {"et": 2, "pl": 3, "lv": 3}
PLACE = re.compile(r"%\((\w+)\)[sd]|\{(\w+)\}")


def places(text: str) -> set[str]:
    return {a or b for a, b in PLACE.findall(text)}


@pytest.fixture(scope="module")
def templates(tmp_path_factory):
    return extract_each(tmp_path_factory.mktemp("pot"))


def test_every_kind_has_its_catalogs():
    kinds = sorted(path.parent.name for path in (ROOT / "companion" / "kinds").glob("*/rules.py"))
    assert NAMES == ["app", *kinds]


def keys(catalog):
    return {(message.context, message.id) for message in catalog if message.id}


@pytest.mark.parametrize("name", NAMES)
def test_the_template_holds_every_message_the_code_marks(templates, name):
    committed = keys(read(catalog_folder(name) / "messages.pot"))
    found = keys(templates[name])
    assert not found - committed, (
        "marked in the code but not in messages.pot (run scripts/translations.sh extract "
        f"and update): {sorted(found - committed)[:20]}")
    assert not committed - found, f"in messages.pot but gone from the code: " \
                                  f"{sorted(committed - found)[:20]}"


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS))
@pytest.mark.parametrize("name", NAMES)
def test_every_message_is_translated_with_its_places_and_plural_forms(templates, name,
                                                                      language):
    catalog = read(catalog_folder(name) / language / "LC_MESSAGES" / "messages.po")
    assert catalog.num_plurals == PLURAL_FORMS[language]
    problems = []
    for wanted in templates[name]:
        if not wanted.id:
            continue
        message = catalog.get(wanted.id, wanted.context)
        said = wanted.id if isinstance(wanted.id, str) else wanted.id[1]
        if message is None:
            problems.append(f"missing: {said!r}")
            continue
        if message.fuzzy:
            problems.append(f"fuzzy: {said!r}")
        if wanted.pluralizable:
            forms = message.string if isinstance(message.string, tuple) else (message.string,)
            if len(forms) != PLURAL_FORMS[language]:
                problems.append(f"{len(forms)} plural forms, not {PLURAL_FORMS[language]}: "
                                f"{said!r}")
            need = places(wanted.id[0]) | places(wanted.id[1])
            for form in forms:
                # a form may leave the number itself out ("one night"), never another place
                if not form.strip() or not need - {"num", "count"} <= places(form) <= need:
                    problems.append(f"form {form!r} of {said!r}")
        else:
            if not (message.string or "").strip():
                problems.append(f"empty: {said!r}")
            elif places(message.string) != places(wanted.id):
                problems.append(f"places {sorted(places(message.string))} for "
                                f"{sorted(places(wanted.id))}: {said!r} -> {message.string!r}")
    assert not problems, f"{language}: {len(problems)} problems\n" + "\n".join(problems[:40])


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS) + ["en"])
@pytest.mark.parametrize("name", NAMES)
def test_the_compiled_catalog_is_the_catalog(name, language):
    """The app reads the .mo files, which are committed: they must be compiled from the
    .po files as they are (scripts/translations.sh compile)."""
    folder = catalog_folder(name) / language / "LC_MESSAGES"
    def key(message):
        ids = message.id
        return message.context, ids if isinstance(ids, str) else tuple(ids)

    def said(message):
        return message.string if isinstance(message.string, str) else tuple(message.string)

    source = {key(m): said(m) for m in read(folder / "messages.po")
              if m.id and not m.fuzzy and (m.string if isinstance(m.string, str)
                                          else all(m.string))}
    with (folder / "messages.mo").open("rb") as handle:
        # (an untranslated plural is compiled as its English: English's own catalog)
        compiled = {key(m): said(m) for m in read_mo(handle)
                    if m.id and not (isinstance(key(m)[1], tuple) and key(m)[1] == said(m))}
    assert compiled == source


def test_english_is_the_source_language():
    catalog = read(catalog_folder("app") / "en" / "LC_MESSAGES" / "messages.po")
    assert str(catalog.locale) == "en" and catalog.num_plurals == 2
