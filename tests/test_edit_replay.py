"""What ``edit`` and ``pref edit`` take as known instead of working it out again (issue 24): the proof of the running
totals rewritten in place, the totals of the sheet as it was carried from the replay as it is now
(:func:`bbscore.belot.game.carried_totals`), and the end of a пуля after each later hand found in one pass
(:func:`bbscore.preferans.pulya.first_end`) — each against the long way."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bbscore import sheets
from bbscore.belot import protocol
from bbscore.belot.game import HandEntry, carried_totals, replay
from bbscore.errors import BBScoreError
from bbscore.preferans import protocol as pref_protocol
from bbscore.preferans.pulya import first_end
from bbscore.preferans.pulya import replay as pulya_replay

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
FILLER = "".join(f"# {n:03} {'·' * 70}\n" for n in range(300))  # above WHOLE_CHECK_BYTES: the proof by spans
BASE = '[game]\nformat = 1\nconvention = "x"\ntarget = 9\n'


def sheet_of(tmp_path: Path, text: str) -> sheets.Sheet:
    path = tmp_path / "s.toml"
    path.write_bytes(text.encode("utf-8"))
    read, bom = sheets.read_text(path, kind="sheet", missing="missing")
    return sheets.Sheet(path=path, text=read, bom=bom, data=tomllib.loads(read))


HANDS = "".join(f"\n[[hand]]\nscore = [{n}, 0]\ntotal = [\n    {n * 10},\n    0,\n]\n" for n in range(1, 6))


def test_value_edits_are_proven_both_ways(tmp_path):
    """A running total changed where it is written: the old span must be what the parse read there and the new text
    must read back as meant — a span given the wrong value, or a text meaning another, is refused, whether the pieces
    are parsed as one list or as statements (a text with a string in it)."""
    sheet = sheet_of(tmp_path, BASE + FILLER + HANDS)
    start = sheet.text.index("total = [\n    20,")
    span = (start + len("total = "), sheet.text.index("]", start) + 1)
    assert sheet.text[span[0]:span[1]] == "[\n    20,\n    0,\n]"
    hands = [dict(hand) for hand in sheet.hands]
    hands[1]["total"] = [21, 0]
    good = sheets._Edit(*span, "[\n    21,\n    0,\n]", [20, 0], [21, 0], "total")
    assert sheets._commit(sheet, [good], hands, sheet.data["game"]).data["hand"][1]["total"] == [21, 0]
    wrong = [
        sheets._Edit(*span, "[\n    21,\n    0,\n]", [30, 0], [21, 0], "total"),  # the span held another value
        sheets._Edit(*span, "[\n    22,\n    0,\n]", [20, 0], [21, 0], "total"),  # the text means another
        sheets._Edit(*span, "[\n    21,\n    0.0,\n]", [20, 0], [21, 0], "total"),  # of another type
        sheets._Edit(*span, '[\n    21,\n    "0",\n]', [20, 0], [21, 0], "total"),  # (parsed as a statement)
        sheets._Edit(*span, "[\n    21,\n    0,\n]\nx = 1", [20, 0], [21, 0], "total"),  # runs on
    ]
    for edit in wrong:
        with pytest.raises(BBScoreError, match="не то, что задумано"):
            sheets._commit(sheet, [edit], hands, sheet.data["game"])


def test_an_old_span_written_otherwise_is_parsed(tmp_path):
    """A total written by hand (a comment inside, an underscore) is no decimal text of its value: it is parsed, and
    the edit is proven all the same."""
    text = BASE + FILLER + HANDS.replace("total = [\n    30,", "total = [\n    3_0,", 1)
    sheet = sheet_of(tmp_path, text)
    assert sheet.hands[2]["total"] == [30, 0]
    done = sheets.replace(sheet, 1, {"score": [1, 0], "total": [11, 0]}, sheets.Style.TABLES,
                          {3: {"total": [31, 0]}})
    assert tomllib.loads(done.text)["hand"][2]["total"] == [31, 0]
    assert "3_0" not in done.text and "[\n    31,\n    0,\n]" in done.text


def belot_sheets():
    for path in sorted(EXAMPLES.glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        game = data.get("game")
        if isinstance(game, dict) and game.get("game", "belot") == "belot" and data.get("hand"):
            yield path


@pytest.mark.parametrize("path", list(belot_sheets()), ids=lambda path: path.name)
def test_carried_totals_are_those_of_the_replay_from_the_old_state(path):
    """Every hand of every example protocol changed (to each other hand of it, and to a redeal): what carried_totals
    says of the sheet as it was, when it says anything, is what replaying the later hands from the old state gives;
    and it says something for a change that leaves the points held over as they were."""
    sheet = protocol.read(path)
    rules, _warning = protocol.convention_for(sheet)
    pairs, target = sheet.header.pairs, sheet.header.target
    hands = sheet.hands
    said = 0
    for number in range(1, len(hands) + 1):
        earlier = replay(hands[:number - 1], pairs, target, rules)
        was = replay([hands[number - 1]], pairs, target, rules, start=earlier)
        later = hands[number:]
        for fields in [*(hand.fields for hand in hands), {"redeal": "all-pass"}]:
            now = replay([HandEntry(number=number, line=None, fields=fields)], pairs, target, rules, start=earlier)
            after = replay(later, pairs, target, rules, start=now)
            carried = carried_totals(after, now, was, later, target)
            if carried is not None:
                said += 1
                assert carried == replay(later, pairs, target, rules, start=was).totals, (number, fields)
    assert said


@pytest.mark.parametrize("path", list(belot_sheets()), ids=lambda path: path.name)
def test_a_replay_says_the_highest_totals_but_the_last_and_the_claims_of_its_own_hands(path):
    """Replay.peak (what carried_totals compares with the target) is each pair's highest running total after any of
    the hands that replay went through but the last — not those of its start — and Replay.claims, .holding and
    .held_written count their claims («доезд»), those holding points of ties over and those with ``held`` written,
    for every split of every example protocol."""
    sheet = protocol.read(path)
    rules, _warning = protocol.convention_for(sheet)
    pairs, target, hands = sheet.header.pairs, sheet.header.target, sheet.hands
    for number in range(len(hands) + 1):
        earlier = replay(hands[:number], pairs, target, rules)
        rest = replay(hands[number:], pairs, target, rules, start=earlier)
        totals = [result.total for result in rest.results[number:-1]]
        assert rest.peak == ((max(t[0] for t in totals), max(t[1] for t in totals)) if totals else None), number
        assert rest.claims == sum("doezd" in hand.fields for hand in hands[number:])
        assert rest.holding == sum(result.held_out > 0 for result in rest.results[number:])
        assert rest.held_written == sum("held" in hand.fields for hand in hands[number:])


@pytest.mark.parametrize("name", ["pulya-3.toml", "pulya-4.toml", "pulya-leningrad.toml", "pulya-sochi.toml"])
@pytest.mark.parametrize("target", [None, 5, 10, 25])
def test_first_end_is_the_first_ended_prefix(name, target):
    """For every first hand, first_end names the fewest hands after which the пуля replayed has ended, as a replay of
    each prefix says — with the example's target and with lower ones (so that пули close among its hands), with and
    without the sheet after all of them."""
    players, hands, entries, convention = _example_pulya(name, target)
    final = pulya_replay(players, hands, convention, entries)
    count = len(hands)
    ends = []
    for first in range(1, count + 1):
        expected = next((end for end in range(first, count)
                         if pulya_replay(players, hands[:end], convention, entries[:end]).ended), None)
        assert first_end(players, entries, convention, first, count) == expected, (first, target)
        assert first_end(players, entries, convention, first, count, final) == expected, (first, target)
        ends.append(expected)
    if target == 5:
        assert any(end is not None for end in ends)  # (a пуля closes among the hands: the search is tried)


def _example_pulya(name: str, target: int | None):
    """An example пуля's players, checked hands and entries, and its rule set (with ``target`` when given)."""
    sheet = pref_protocol.read(EXAMPLES / name)
    _rules, convention, _warning = pref_protocol.rules_for(sheet)
    if target is not None:
        convention = _with_target(convention, target)
    checked = pref_protocol.check(sheet, convention)
    hands = [hand for hand in checked.hands if hand is not None]
    entries = [entry for entry in checked.entries if entry is not None]
    return sheet.header.players, hands, entries, convention


def _with_target(convention, target: int):
    import msgspec

    return msgspec.structs.replace(convention, pulya=msgspec.structs.replace(convention.pulya, target=target))


@pytest.mark.parametrize("name", ["pulya-3.toml", "pulya-4.toml", "pulya-leningrad.toml", "pulya-sochi.toml"])
@pytest.mark.parametrize("target", [None, 5])
def test_a_pulya_carried_on_is_the_pulya_replayed_whole(name, target):
    """The sheet after some hands carried on with the rest (``start``) is the sheet of all of them replayed from the
    first, at every split, with the example's target and with one that closes пули among its hands."""
    players, hands, entries, convention = _example_pulya(name, target)
    whole = pulya_replay(players, hands, convention, entries)
    for split in range(len(hands) + 1):
        first = pulya_replay(players, hands[:split], convention, entries[:split])
        assert pulya_replay(players, hands[split:], convention, entries[split:], start=first) == whole, split
        assert pulya_replay(players, hands[split:], convention, None, start=first) == whole, split


# --- The running totals changed in one pass (sheets._pair_edits): trusted as found, so checked here by parsing ---

def _hand_text(number: int, form: str, newline: str) -> str:
    """A hand whose ``total`` is written as ``form`` says: as bbscore writes it (one line, or one number a line), with a
    comment after it, with a sub-table holding a ``total`` of its own after it, or with its own total written
    otherwise (``total=``) and such a sub-table after it."""
    one, lines = f"[{number}, 0]", f"[\n    {number},\n    0,\n]"
    hand = {
        "one": f"[[hand]]\nscore = [1, 0]\ntotal = {one}\n",
        "lines": f"[[hand]]\nscore = [1, 0]\ntotal = {lines}\n",
        "comment": f"[[hand]]\nscore = [1, 0]\ntotal = {one}  # as on paper\n",
        "sub": f"[[hand]]\nscore = [1, 0]\ntotal = {lines}\n\n[hand.melds]\ntotal = {one}\n",
        "hidden": f"[[hand]]\nscore = [1, 0]\ntotal=[{number}, 0]\n\n[hand.melds]\ntotal = {one}\n",
        "nested": f"[[hand]]\nscore = [1, 0]\nlists = [\n    [1],\n]\ntotal = {one}\n",
    }[form]
    return hand.replace("\n", newline)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(later=st.lists(st.sampled_from(["one", "lines", "comment", "sub", "hidden", "nested"]), min_size=1, max_size=7),
       changed=st.data(), crlf=st.booleans(), tables=st.booleans())
def test_totals_changed_in_one_pass_are_what_is_meant(tmp_path, later, changed, crlf, tables):
    """Every later total changed (some to the same value, some hands left out, a note changed between them): the file
    written parses to exactly the hands meant — the sub-table's own ``total`` untouched — and keeps every comment and
    line end; a total written as bbscore writes it is changed where it is, in its form."""
    newline, forms = "\r\n" if crlf else "\n", ["one", *later]  # (hand 1, written anew)
    text = (BASE + FILLER).replace("\n", newline) + newline.join(
        _hand_text(number, form, newline) for number, form in enumerate(forms, 1))
    sheet = sheet_of(tmp_path, text)
    assert sheet.layout.scanned is False
    changes: dict[int, dict] = {}
    for number in range(2, len(forms) + 1):
        kind = changed.draw(st.sampled_from(["total", "same", "none", "note"]), label=f"hand {number}")
        if kind == "total":
            changes[number] = {"total": [number * 100, -number]}
        elif kind == "same":
            changes[number] = {"total": list(sheet.hands[number - 1]["total"])}
        elif kind == "note":
            changes[number] = {"note": "x", "total": [number * 7, 1]}
    style = sheets.Style.TABLES if tables else sheets.Style.INLINE
    done = sheets.replace(sheet, 1, dict(sheet.hands[0]), style, changes)
    meant = [dict(hand) for hand in sheet.hands]
    for number, updates in changes.items():
        meant[number - 1].update(updates)
    written = tomllib.loads(done.text)
    assert written["hand"] == meant and done.data["hand"] == meant
    # the same totals given as one column (None where a hand's is not changed), the rest a hand's own: the same text
    column = [changes.get(number, {}).get("total") for number in range(2, len(forms) + 1)]
    others = {number: {"note": updates["note"]} for number, updates in changes.items() if "note" in updates}
    by_column = sheets.replace(sheet_of(tmp_path, text), 1, dict(sheet.hands[0]), style, others,
                               sheets.Column("total", 2, column))
    assert by_column.text == done.text and by_column.data == done.data
    written_bytes = by_column.path.read_bytes()
    # and by a caller that keeps nothing of it (held=False: its hands not made, its text written in pieces): the same
    assert sheets.replace(sheet_of(tmp_path, text), 1, dict(sheet.hands[0]), style, others,
                          sheets.Column("total", 2, column), held=False) is None
    assert by_column.path.read_bytes() == written_bytes
    assert done.text.count("# as on paper") == text.count("# as on paper")
    assert done.text.count("\r\n") == done.text.count("\n") if crlf else "\r" not in done.text
    for number, updates in changes.items():
        if (forms[number - 1] in ("one", "lines") and set(updates) == {"total"}
                and updates["total"] != sheet.hands[number - 1]["total"]):
            new = updates["total"]
            one = f"[{new[0]}, {new[1]}]"
            form = (f"[{newline}    {new[0]},{newline}    {new[1]},{newline}]"
                    if forms[number - 1] == "lines" and tables else one)
            assert f"{newline}total = {form}{newline}" in done.text + newline


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(form=st.sampled_from(["one", "lines"]), count=st.integers(2, 12), crlf=st.booleans(), tables=st.booleans(),
       breaker=st.one_of(st.none(), st.tuples(st.sampled_from(["comment", "sub", "hidden", "nested", "other form"]),
                                              st.integers(0, 11))))
def test_a_run_of_totals_in_one_form_is_changed_at_once(tmp_path, monkeypatch, form, count, crlf, tables, breaker):
    """Every later total in one form (as bbscore writes them): the run is changed at once (sheets._pair_run) and the
    file is what is meant; one hand written otherwise among them (a comment after its total, a sub-table, a total
    written ``total=``, a list of lists, the other form) and the run is not taken so — the hands are changed one by
    one, and the file is still what is meant."""
    newline = "\r\n" if crlf else "\n"
    forms = ["one", *[form] * count]
    if breaker is not None:
        kind, at = breaker
        forms[1 + at % count] = ("lines" if form == "one" else "one") if kind == "other form" else kind
    text = (BASE + FILLER).replace("\n", newline) + newline.join(
        _hand_text(number, hand_form, newline) for number, hand_form in enumerate(forms, 1))
    sheet = sheet_of(tmp_path, text)
    taken = []
    real = sheets._pair_run

    def spy(*args):
        found = real(*args)
        taken.append(found is not None)
        return found

    monkeypatch.setattr(sheets, "_pair_run", spy)
    changes = {number: {"total": [number * 100, -number]} for number in range(2, len(forms) + 1)}
    style = sheets.Style.TABLES if tables else sheets.Style.INLINE
    done = sheets.replace(sheet, 1, dict(sheet.hands[0]), style, changes)
    meant = [dict(hand) for hand in sheet.hands]
    for number, updates in changes.items():
        meant[number - 1].update(updates)
    assert tomllib.loads(done.text)["hand"] == meant and done.data["hand"] == meant
    assert taken == [breaker is None]
    # given as one column (as edit gives them): the run taken or not alike, and the same text
    by_column = sheets.replace(sheet_of(tmp_path, text), 1, dict(sheet.hands[0]), style, {},
                               sheets.Column("total", 2, [changes[number]["total"] for number in range(2, len(forms) + 1)]))
    assert by_column.text == done.text and by_column.data == done.data
    assert taken == [breaker is None] * 2
    assert done.text.count("\r\n") == done.text.count("\n") if crlf else "\r" not in done.text


@pytest.mark.parametrize("first, count", [(1, 2), (2, 3), (3, 2), (5, 0)])
def test_a_column_reaching_the_hand_written_anew_or_past_the_last_is_a_mistake_of_the_caller(tmp_path, first, count):
    """A column names hands after the one written anew and within the sheet (3 hands, hand 2 written anew)."""
    sheet = sheet_of(tmp_path, BASE + "".join(_hand_text(number, "one", "\n") for number in (1, 2, 3)))
    before = sheet.path.read_bytes()
    with pytest.raises(ValueError):
        sheets.replace(sheet, 2, dict(sheet.hands[1]), sheets.Style.TABLES, {},
                       sheets.Column("total", first, [[7, 7]] * count))
    assert sheet.path.read_bytes() == before


@pytest.mark.parametrize("text", [
    "[game]\n\n[[hand]]\na = 1\n\n[[hand]]\na = 2\n", "[[hand]]\r\na = 1\r\n\r\n[[hand]]\r\n", "[[hand]]\n[[hand]]\n[[hand]]\n",
    "[[hand]]\nx = [[1]]\n", '[[hand]]\nx = """\n[[hand]]\n"""\n', "  [[hand]]\n[[hand]]\n", "[[hand]]", "",
    "[[hand]] # a\n[[hand]]\n", "[[ hand ]]\n[[hand]]\n", '[["hand"]]\n',
])
def test_the_count_of_the_hands_headers_is_that_of_the_quick_look(text):
    """What the check of a written text counts (sheets._quick_count) is what the quick look finds."""
    starts = sheets._quick_starts(text)
    assert sheets._quick_count(text) == (None if starts is None else len(starts))


def test_the_hands_of_a_new_text_counted_from_the_old_ones_and_the_spans_alone():
    """sheets._count_by_spans: the old text's headers, less an old span's and plus a new span's (two hands where one
    was: one more); a new span holding a multi-line string, or a value edit holding ``[[``, is not counted so (None:
    the new text is then looked at whole)."""
    from bbscore import sheets

    text = "[game]\nx = 1\n\n[[hand]]\na = 1\n\n[[hand]]\na = 2\n\n[[hand]]\na = 3\n"
    starts = tuple(index + 1 for index in range(len(text)) if text.startswith("\n[[hand]]", index))
    second = sheets._Edit(starts[1], starts[2], "[[hand]]\na = 2\n\n[[hand]]\na = 5\n\n", (), ())
    assert sheets._count_by_spans(text, starts, [], []) == 3
    assert sheets._count_by_spans(text, starts, [second], []) == 4
    assert sheets._count_by_spans(text, starts, [second._replace(text="")], []) == 2
    assert sheets._count_by_spans(text, starts, [second._replace(text='[[hand]]\na = """x"""\n\n')], []) is None
    value = sheets._Edit(starts[0] + 13, starts[0] + 14, "[[1]]", 1, [[1]], "a")
    assert sheets._count_by_spans(text, starts, [], [value]) is None
    assert sheets._count_by_spans(text, starts, [], [value._replace(text="7")]) == 3


@pytest.mark.parametrize("bom, newline", [(False, "\n"), (True, "\r\n")])
def test_a_big_sheet_changed_by_a_caller_that_keeps_nothing_is_written_as_by_one_that_keeps_it(tmp_path, bom, newline):
    """Past WHOLE_CHECK_BYTES, ``held=False`` writes the new text's pieces as they are (never joined): the same bytes
    as the sheet written and kept, a byte-order mark and CRLF kept."""
    hands = "".join(f"\n[[hand]]\nscore = [{n}, 0]\ntotal = [\n    {n * 10},\n    0,\n]\n" for n in range(1, 400))
    text = ("\ufeff" if bom else "") + ("[game]\nx = 1\n" + hands).replace("\n", newline)
    assert len(text.encode("utf-8")) > sheets.WHOLE_CHECK_BYTES
    column = sheets.Column("total", 2, [[n * 10 + 1, 0] for n in range(2, 400)])
    path = tmp_path / "s.toml"
    kept = []
    for held in (True, False):
        path.write_bytes(text.encode("utf-8"))
        read, had_bom = sheets.read_text(path, kind="sheet", missing="missing")
        sheet = sheets.Sheet(path=path, text=read, bom=had_bom, data=tomllib.loads(read))
        done = sheets.replace(sheet, 1, {"score": [1, 0], "total": [11, 0]}, sheets.Style.TABLES, {}, column, held=held)
        assert (done is None) == (not held)
        kept.append(path.read_bytes())
    assert kept[0] == kept[1] and kept[1].startswith(b"\xef\xbb\xbf") == bom
    written = tomllib.loads(kept[1].decode("utf-8").lstrip("\ufeff"))["hand"]
    assert [hand["total"] for hand in written] == [[11, 0]] + column.values


def test_a_claim_among_the_later_hands_is_counted_and_the_totals_are_not_carried(tmp_path):
    """A later hand claiming the game («доезд», seed 001 «Окончание партии») depends on the running total it is
    checked against: the replay counts it, and carried_totals says nothing (the later hands are replayed again)."""
    from conftest import run_cli
    from test_conventions import DOEZD_HAND_1, DOEZD_HAND_2, write_protocol, write_variant

    variant = write_variant(tmp_path, {"game_end.doezd": True})
    path = write_protocol(tmp_path / "claimed.toml", variant.name, 30, [DOEZD_HAND_1])
    assert run_cli("add", str(path), *DOEZD_HAND_2, "--doezd", "Мы").returncode == 0
    sheet = protocol.read(path)
    rules, _warning = protocol.convention_for(sheet)
    pairs, target, hands = sheet.header.pairs, sheet.header.target, sheet.hands
    assert replay(hands, pairs, target, rules).claims == 1 and replay(hands[:1], pairs, target, rules).claims == 0
    was = replay(hands[:1], pairs, target, rules)
    now = replay([HandEntry(number=1, line=None, fields={**DOEZD_HAND_1, "def_points": 20})], pairs, target, rules)
    after = replay(hands[1:], pairs, target, rules, start=now)
    assert after.claims == 1 and carried_totals(after, now, was, hands[1:], target) is None
    unclaimed = [HandEntry(number=2, line=None, fields={k: v for k, v in hands[1].fields.items() if k != "doezd"})]
    assert replay(unclaimed, pairs, target, rules, start=now).claims == 0
