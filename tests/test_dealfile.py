"""Deal files (docs/format.md): reading, writing, round trips and every validity rule."""

from pathlib import Path

import pytest

from huolong.engine import (
    DealFileError, Hand, Play, parse_card, read_file, read_positions, write_position, write_positions,
)
from huolong.engine.dealfile import TagWarning
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = """\
% S leads; N–S are the dealer team; the attackers have 95 points so far
[Rules "standard"]
[Level "3"]
[Trump "H"]
[Dealer "N"]
[Leader "S"]
[Points "95"]
[Bottom "K5.-.T4.43"]
[Deal "S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.-"]
"""


def test_format_example_reads_as_written():
    [pos] = read_positions(EXAMPLE, "example.hl")
    assert str(pos.hands[SOUTH]) == "AA.2.-.-.B"
    assert str(pos.hands[EAST]) == "K.T5.-.3"
    assert str(pos.hands[NORTH]) == "Q.A.-.-.LL"
    assert str(pos.hands[WEST]) == "55.K.3.-"
    assert pos.points == 95 and pos.leader == SOUTH and pos.dealer == NORTH
    assert pos.comments == ["% S leads; N–S are the dealer team; the attackers have 95 points so far"]


def test_deal_is_listed_in_play_order_from_first_seat():
    text = EXAMPLE.replace("S:AA.2.-.-.B K.T5.-.3 Q.A.-.-.LL 55.K.3.-", "N:Q.A.-.-.LL 55.K.3.- AA.2.-.-.B K.T5.-.3")
    assert read_positions(text)[0].hands == read_positions(EXAMPLE)[0].hands


def test_writing_then_reading_gives_an_equal_position():
    positions = read_positions(EXAMPLE + "\n" + EXAMPLE.replace('"95"', '"100"'))
    assert len(positions) == 2
    assert read_positions(write_positions(positions)) == positions


def test_rewriting_is_byte_stable_after_one_round():
    once = write_positions(read_positions(EXAMPLE))
    assert write_positions(read_positions(once)) == once


def test_unknown_tags_and_free_text_are_kept():
    text = EXAMPLE + '[Event "club night"]\n[Whatever "kept"]\n'
    [pos] = read_positions(text)
    assert pos.tags == {"Event": "club night", "Whatever": "kept"}
    assert '[Whatever "kept"]' in write_position(pos)


def test_a_misspelt_tag_is_kept_and_warned_of_with_the_tag_it_looks_like():
    """[Poinst "40"] is an unknown tag, kept and ignored; unread, the file would seem to say 40 points."""
    text = EXAMPLE.replace('[Points "95"]', '[Poinst "40"]').replace('[Dealer', '[points "40"]\n[Dealer')
    with pytest.warns(TagWarning) as said:
        [pos] = read_positions(text, "typo.hl")
    assert pos.points == 0 and pos.tags == {"Poinst": "40", "points": "40"}
    assert [str(w.message) for w in said] == [
        "typo.hl:5: tag [points] is not one the program reads (kept as it is); did you mean [Points]?",
        "typo.hl:8: tag [Poinst] is not one the program reads (kept as it is); did you mean [Points]?"]


def test_tags_unlike_any_read_tag_are_kept_without_a_word(recwarn):
    """Nor those spelled right that the program writes elsewhere: a game file's [Levels] is no [Level]."""
    read_positions(EXAMPLE + '[Event "club night"]\n[Site "Datong"]\n[Whatever "kept"]\n[Levels "3 4"]\n'
                   '[Declaration "E 1"]\n[Declarer "N"]\n')
    assert not [w for w in recwarn if issubclass(w.category, TagWarning)]


def test_input_accepts_ten_lower_case_and_unicode_suits():
    assert parse_card("s10") == parse_card("ST") == parse_card("♠10") == parse_card("♤T")
    assert Hand.parse("a10k.-.-.-.b") == Hand.parse("ATK.-.-.-.B")
    assert Play.parse("♥10 大王") == Play.parse("HT BJ")


def test_trick_in_progress_is_read_in_order_from_the_leader():
    text = EXAMPLE.replace('[Points "95"]', '[Points "95"]\n[Trick "SA SA, SK H5"]').replace(
        "S:AA.2.-.-.B K.T5.-.3", "S:-.2.-.-.B -.T.-.3")
    [pos] = read_positions(text)
    assert [str(p) for p in pos.trick] == ["SA SA", "SK H5"]
    assert "SENW"[pos.to_play] == "N"


HAND_RECORD = """\
[Level "3"]
[Trump "H"]
[Dealer "S"]
[Bottom "-.-.-.443322"]
[Deal "S:AK.-.-.- Q5.-.-.- JT.-.-.- 98.-.-.-"]
[Play "S"]
S: SA, S5, SJ, S9
S: SK, SQ, ST, S8
"""


def test_hand_record_replays_every_trick():
    [pos] = read_positions(HAND_RECORD)
    assert pos.is_over() and len(pos.history) == 2
    assert pos.points == 0 and not pos.dug
    assert read_positions(write_position(pos)) == [pos]
    assert write_position(read_positions(write_position(pos))[0]) == write_position(pos)


def test_hand_record_leader_must_be_the_previous_winner():
    bad = HAND_RECORD.replace("S: SK, SQ, ST, S8", "E: SQ, ST, S8, SK")
    with pytest.raises(DealFileError, match=r"rec.hl:8: trick led by E, but S won"):
        read_positions(bad, "rec.hl")


def test_hand_record_illegal_play_names_its_line():
    bad = HAND_RECORD.replace("S: SA, S5, SJ, S9", "S: SA SK, S5 SQ, SJ ST, S9 S8")
    with pytest.raises(DealFileError, match=r"rec.hl:7: illegal play ♠A ♠K"):
        read_positions(bad, "rec.hl")


def test_kitty_deal_before_the_bury_with_unknown_hands():
    hand = "AAAKKKQQQJJJ.TTT999888777.666555444.333222"
    text = f"""[Level "3"]\n[Trump "S"]\n[Dealer "S"]\n[Kitty "-.-.-.-.BBBLLL"]\n[Deal "S:{hand} - - -"]\n"""
    [pos] = read_positions(text)
    assert pos.is_before_bury and pos.hands[EAST] is None
    assert read_positions(write_position(pos)) == [pos]


# -- validity: one test per rule, each checking the file and line in the message


def error_of(text: str) -> str:
    with pytest.raises(DealFileError) as info:
        read_positions(text, "deal.hl")
    return str(info.value)


def test_card_appearing_four_times_is_rejected_with_its_line():
    text = EXAMPLE.replace("Q.A.-.-.LL", "A.A.-.-.LL").replace("55.K.3.-", "55.K.3.-")
    text = text.replace("K.T5.-.3", "A.T5.-.3")
    assert error_of(text) == "deal.hl:9: card ♠A appears 4 times (at most 3)"


def test_unequal_hands_are_rejected():
    assert "do not hold equal numbers" in error_of(EXAMPLE.replace("55.K.3.-", "55.K.3.2"))


def test_bottom_must_hold_six_cards():
    assert error_of(EXAMPLE.replace("K5.-.T4.43", "K5.-.T4.4")) == "deal.hl:8: the bottom holds 5 cards (must be 6)"


def test_missing_required_tag():
    assert error_of(EXAMPLE.replace('[Trump "H"]\n', "")) == "deal.hl:1: missing required tag Trump"


def test_repeated_tag():
    assert error_of(EXAMPLE + '[Level "4"]\n') == "deal.hl:10: tag Level is repeated (first at line 3)"


def test_malformed_tag():
    assert error_of(EXAMPLE.replace('[Level "3"]', "[Level 3]")).startswith("deal.hl:3: malformed tag line")


def test_bad_card_token_in_trick():
    text = EXAMPLE.replace('[Points "95"]', '[Points "95"]\n[Trick "SX"]')
    assert error_of(text) == "deal.hl:8: invalid card token 'SX'"


def test_bad_hand_string():
    assert "invalid rank 'X'" in error_of(EXAMPLE.replace("K.T5.-.3", "K.X5.-.3"))


def test_illegal_trick_lead_that_is_not_a_unit():
    text = EXAMPLE.replace('[Points "95"]', '[Points "95"]\n[Trick "SA SK"]')
    text = text.replace("AA.2.-.-.B K.T5.-.3", "-.2.-.-.B K.T5.-.3")
    assert "is not a single, a pair or a triple" in error_of(text)


def test_illegal_trick_follower_did_not_follow_suit():
    text = EXAMPLE.replace('[Points "95"]', '[Points "95"]\n[Trick "SA, H5"]')
    text = text.replace("AA.2.-.-.B K.T5.-.3", "A.2.-.-.B K.T.-.3")
    assert "♠ was led: you must follow with 1 ♠ card" in error_of(text)


def test_points_not_a_multiple_of_five():
    assert error_of(EXAMPLE.replace('"95"', '"97"')) == "deal.hl:7: points 97 is not a multiple of 5"


def test_points_more_than_the_points_not_in_sight():
    assert "more than the" in error_of(EXAMPLE.replace('"95"', '"300"'))


def test_unknown_ruleset_option():
    assert error_of(EXAMPLE.replace('"standard"', '"standard tribute=1"')).startswith(
        "deal.hl:2: unknown ruleset option 'tribute'")


def test_missing_leader_in_an_endgame():
    assert "missing tag Leader" in error_of(EXAMPLE.replace('[Leader "S"]\n', ""))


def test_stray_line_outside_a_record():
    assert error_of(EXAMPLE + "hello\n").startswith("deal.hl:10: unexpected line 'hello'")


def test_unreadable_file_gives_a_one_line_error(tmp_path):
    path = tmp_path / "binary.hl"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(DealFileError, match="binary.hl:1: not a UTF-8 text file"):
        read_file(path)


def test_every_shipped_deal_file_reads_and_rewrites_byte_stably():
    files = sorted((ROOT / "puzzles").rglob("*.hl"))
    assert files, "puzzles/ holds example deal files"
    for path in files:
        once = write_positions(read_file(path))
        assert write_positions(read_positions(once, str(path))) == once, path


SHOWN = EXAMPLE.replace('[Deal "', '[Shown "S BJ"]\n[Deal "')


def test_the_cards_a_seat_showed_while_dealing_are_read_and_kept():
    [pos] = read_positions(SHOWN)
    assert pos.tags["Shown"] == "S BJ" and "[Shown \"S BJ\"]" in write_position(pos)


@pytest.mark.parametrize("value, message", [("S", "invalid Shown"), ("X BJ", "invalid seat"),
                                            ("E BJ", "was not dealt")])
def test_a_shown_tag_that_cannot_be_is_an_error_at_its_line(value, message):
    text = SHOWN.replace('[Shown "S BJ"]', f'[Shown "{value}"]')
    with pytest.raises(DealFileError, match=message) as e:
        read_positions(text, "shown.hl")
    assert str(e.value).startswith("shown.hl:9:")  # the tag's own line
