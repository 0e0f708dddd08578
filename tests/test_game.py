"""A whole game (docs/rules.md, "A whole game"): levels carried hand to hand, the next dealer, the declaration
while dealing, game files, and ``huolong-solve game`` driven as a player would."""

from __future__ import annotations

import pytest
from cli_runner import run

from huolong.bots.game import play_game
from huolong.bots.policy import policy_of
from huolong.engine import Outcome, card_token, parse_card, read_file, write_position
from huolong.engine.game import GameRules, GameState, climb, declare, game_deal
from huolong.engine.gamefile import GameHeader, read_game
from huolong.engine.errors import HuolongError
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST

# -- levels and the next dealer (seed 002) ------------------------------------------------------------


def test_a_team_goes_up_as_many_levels_as_the_result_says():
    assert climb("3", 1, "A") == "4" and climb("3", 6, "A") == "9"


def test_a_climb_stops_at_the_top_which_must_be_played():
    assert climb("Q", 3, "A") == "A" and climb("K", 1, "A") == "A" and climb("8", 6, "T") == "T"


def test_the_dealer_team_going_up_passes_the_deal_to_the_dealers_partner():
    state = GameState.start().after(Outcome("dealer-up", 1), dealer=EAST, trump=0)
    assert state.levels == ("3", "4") and state.dealer == WEST and state.level == "4"


def test_the_dealer_team_keeping_the_deal_without_a_level_passes_it_to_the_partner():
    """干抠: the attackers dug the bottom but stayed under 120 — the dealer team won the hand."""
    state = GameState(levels=("5", "7")).after(Outcome("dealer-keeps"), dealer=SOUTH, trump=0)
    assert state.levels == ("5", "7") and state.dealer == NORTH


def test_the_attackers_taking_the_deal_give_it_to_the_seat_after_the_dealer():
    state = GameState(levels=("5", "7")).after(Outcome("attackers-take-deal"), dealer=SOUTH, trump=0)
    assert state.levels == ("5", "7") and state.dealer == EAST and state.level == "7"


def test_the_attackers_going_up_climb_their_own_level_and_take_the_deal():
    state = GameState(levels=("5", "7")).after(Outcome("attackers-up", 3), dealer=WEST, trump=0)
    assert state.levels == ("8", "7") and state.dealer == SOUTH and state.level == "8"


def test_a_dealer_team_at_A_that_goes_up_passes_A_and_wins_the_game():
    state = GameState(levels=("A", "7")).after(Outcome("dealer-up", 1), dealer=NORTH, trump=0)
    assert state.over and state.winner == 0 and state.passed


def test_attackers_at_A_who_go_up_take_the_deal_at_A_and_must_still_play_it():
    state = GameState(levels=("9", "A")).after(Outcome("attackers-up", 1), dealer=NORTH, trump=0)
    assert not state.over and state.levels == ("9", "A") and state.dealer == WEST


@pytest.mark.parametrize("name, winner", [("dealer-win-game", 1), ("attackers-win-game", 0)])
def test_an_outright_result_ends_the_game(name, winner):
    state = GameState(levels=("4", "6")).after(Outcome(name), dealer=EAST, trump=0)
    assert state.over and state.winner == winner and not state.passed


def test_a_game_to_ten_ends_when_a_team_passes_ten():
    rules = GameRules.parse("top=T")
    assert GameState(levels=("9", "3")).after(Outcome("dealer-up", 3), dealer=SOUTH, trump=0, rules=rules).levels \
        == ("T", "3")
    assert GameState(levels=("T", "3")).after(Outcome("dealer-up", 1), dealer=SOUTH, trump=0, rules=rules).over


def test_a_game_rule_that_does_not_exist_is_an_error_echoing_it():
    with pytest.raises(HuolongError, match="'Z'"):
        GameRules.parse("top=Z")
    with pytest.raises(HuolongError, match="'speed'"):
        GameRules.parse("speed=fast")


# -- the declaration while dealing (seed 002) ----------------------------------------------------------


def deck(tokens: str) -> list[int]:
    """The first cards dealt (from S), then ♣3s to fill the 156 cards and the bottom."""
    cards = [parse_card(t) for t in tokens.split()]
    return cards + [parse_card("C3")] * (162 - len(cards))


def test_the_first_big_joker_shown_declares_and_the_next_plain_card_sets_trump():
    found = declare(deck("S4 BJ S5 S6 S7 LJ D8 H9 C9 D2"), first=SOUTH)
    assert (found.seat, found.trump, found.jokers) == (EAST, 2, 1)  # E's LJ skipped; its ♦2 makes ♦ trump


def test_two_big_jokers_override_one():
    found = declare(deck("BJ BJ S5 S6 H6 BJ S8 S9 S4 D2"), first=SOUTH)
    # S declares at once (its ♥6 would make ♥); E shows its second big joker and its next plain card, ♦2, wins
    assert (found.seat, found.trump, found.jokers) == (EAST, 2, 2)
    assert found.overrode == SOUTH  # whom the override (反主) overrode: the game says so


def test_the_question_to_override_and_the_override_name_the_declarer_in_the_terminal(tmp_path):
    """Seed 3: E declares, then S (you) holds two big jokers and is asked."""
    out = run("game", "--seat", "S", "--seed", "3", "--policy", "random", "-o", tmp_path / "g.hl", "--no-color",
              input="y\nq\n").output
    assert "E declared with a big joker. You hold two: show them to override E's declaration?" in " ".join(out.split())
    assert "S shows two big jokers and overrides E's declaration." in out


def test_a_seat_may_decline_to_declare():
    never_s = lambda seat: (lambda s, received, jokers: seat != SOUTH)  # noqa: E731
    found = declare(deck("BJ S4 S5 BJ H6 S7 S8 D9"), first=SOUTH, decide=never_s)
    assert (found.seat, found.trump) == (WEST, 2)


def test_nobody_declaring_means_a_new_deal():
    assert declare(deck("BJ S4 S5 S6"), first=SOUTH, decide=lambda seat: (lambda *a: False)) is None


def test_a_declarer_without_a_plain_card_after_takes_the_bottoms_first_plain_suit():
    cards = [parse_card("S4")] * 155 + [parse_card("BJ")] + [parse_card(t) for t in "LJ H5 S6 S7 S8 S9".split()]
    found = declare(cards, first=SOUTH)
    assert (found.seat, found.trump, found.from_bottom) == (WEST, 1, True)


def test_the_cards_of_a_hand_come_from_the_seed_whatever_the_game_state():
    first, _ = game_deal(4, 0, 5, GameState(levels=("3", "3"), dealer=SOUTH, trump=0))
    other, _ = game_deal(4, 0, 5, GameState(levels=("9", "K"), dealer=WEST, trump=3))
    assert first.hands == other.hands and first.kitty == other.kitty
    assert (other.dealer, other.level, other.trump) == (WEST, "K", 3)


def test_the_first_hand_is_dealt_by_the_declarer_at_level_3():
    deal, declared = game_deal(4, 0, 0, GameState.start())
    assert declared is not None and deal.dealer == declared.seat and deal.trump == declared.trump
    assert deal.level == "3" and len(deal.kitty) == 6


def test_every_big_joker_shown_while_dealing_is_in_the_hands_shown_tag():
    """The declarer's jokers, and an overridden declarer's too, were seen by all: the record keeps them."""
    from huolong.bots.game import deal_next
    from huolong.engine.shown import parse_shown

    seen = []
    for seed in range(1, 12):
        deal, declared = deal_next(GameHeader(seed=seed, players=("fair",) * 4), GameState.start(),
                                   [policy_of("fair")] * 4)
        shown = parse_shown(deal.tags["Shown"])
        assert shown[-1] == (declared.seat, shown[-1][1]) and len(shown[-1][1]) == declared.jokers
        for seat, play in shown:
            assert deal.hands[seat].count(parse_card("BJ")) >= len(play)
        seen.append(len(shown))
    assert max(seen) == 2  # an override among them: both seats' jokers are kept


# -- a game played and its file ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fair_game():
    header = GameHeader(seed=5, players=("fair",) * 4)
    return play_game(header, [policy_of("fair")] * 4)


def test_a_game_of_four_fair_seats_ends_with_a_winner(fair_game):
    assert fair_game.state.over and fair_game.state.hands == len(fair_game.hands)
    state = GameState.start()
    for number, hand in enumerate(fair_game.hands, start=1):  # each hand follows from the one before
        assert hand.tags["Hand"] == str(number) and hand.tags["Levels"] == state.levels_text()
        assert state.dealer in (None, hand.dealer) and hand.level == state.levels[hand.dealer % 2]
        state = state.after(hand.result(), hand.dealer, hand.trump)
    assert state == fair_game.state


def test_a_game_file_rereads_to_the_same_game(fair_game, tmp_path):
    path = tmp_path / "game.hl"
    path.write_text(fair_game.text())
    again = read_game(path)
    assert again.state == fair_game.state and again.note is None
    assert [write_position(h) for h in again.hands] == [write_position(h) for h in fair_game.hands]
    assert len(read_file(path)) == len(fair_game.hands)  # the header is skipped: review reads the hands


def test_a_cut_game_file_is_read_up_to_its_last_whole_hand_with_a_note(fair_game, tmp_path):
    text = fair_game.text()
    at = text.index('[Hand "4"]')
    cut = text[: text.index("\n", text.index("[Deal", at)) - 10]  # inside hand 4's Deal tag
    path = tmp_path / "cut.hl"
    path.write_text(cut)
    game = read_game(path)
    assert len(game.hands) == 3 and game.unfinished is None
    assert game.note.startswith(f"{path}:") and "read up to hand 3" in game.note


def test_a_hand_with_the_wrong_dealer_is_an_error_at_its_line(fair_game, tmp_path):
    hand = fair_game.hands[2]
    lines = fair_game.text().splitlines()
    start = lines.index('[Hand "3"]')
    at = next(i for i in range(start, len(lines)) if lines[i].startswith("[Dealer"))
    lines[at] = f'[Dealer "{"SENW"[(hand.dealer + 2) % 4]}"]'  # the partner: the same play, the wrong dealer
    path = tmp_path / "edited.hl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(HuolongError, match=rf"{path}:{at + 1}: hand 3: dealer"):
        read_game(path)


# -- huolong-solve game, driven as a player would ------------------------------------------------------


class Spy:
    """fair, counting the declaration questions its seat is asked (it always says yes, as the default rule)
    and the questions of 扣王 (it buries no big joker, as the default rule)."""

    def __init__(self) -> None:
        self.inner, self.asked, self.swaps = policy_of("fair"), 0, 0
        self.name, self.sees_all = "fair", False

    def swap_jokers(self, knowledge, limit, rng):
        self.swaps += 1
        return 0

    def declare(self, seat, received, jokers, rng):
        self.asked += 1
        return True

    def bury(self, knowledge, rng):
        return self.inner.bury(knowledge, rng)

    def play(self, knowledge, rng):
        return self.inner.play(knowledge, rng)


def typed_for(seed: int, seat: int, hands: int) -> tuple[list[list[str]], object]:
    """What a player at ``seat`` types, hand by hand, to play as ``fair`` would; and the game so played."""
    spy = Spy()
    policies = [policy_of("fair")] * 4
    policies[seat] = spy
    header = GameHeader(seed=seed, players=tuple("you" if s == seat else "fair" for s in range(4)))
    per_hand: list[list[str]] = []

    def on_hand(game, table):
        record = table.record
        lines = ["y"] * spy.asked
        spy.asked = 0
        if record.dealer == seat:
            lines.append(" ".join(card_token(c) for c in record.bottom))
        lines += ["0"] * spy.swaps
        spy.swaps = 0
        for trick in record.history:
            lines += [str(p) for i, p in enumerate(trick.plays) if record.seat_after(trick.leader, i) == seat]
        per_hand.append(lines)

    game = play_game(header, policies, max_hands=hands, on_hand=on_hand)
    return per_hand, game


def test_a_whole_game_in_the_terminal_is_saved_as_it_goes_and_resumes(tmp_path):
    per_hand, whole = typed_for(11, SOUTH, 2)
    out = tmp_path / "game.hl"
    first = run("game", "--seat", "S", "--seed", "11", "--policy", "fair", "-o", out, "--no-color",
                input="\n".join(["maybe"] + per_hand[0] + ["x", "q"]) + "\n")
    assert "Type y (yes) or n (no)" in first.output or not per_hand[0][0] == "y"
    assert "Hand 1: S–N at 3, E–W at 3." in first.output and "Result: the attackers finished with" in first.output
    assert "Press Enter for the next hand" in first.output
    assert "resume it with: huolong-solve game -o" in first.output
    assert len(read_game(out).hands) == 1
    half = per_hand[1][: len(per_hand[1]) // 2]
    second = run("game", "-o", out, "--no-color", input="\n".join([""] + half + ["q"]) + "\n")
    assert "Hand 2: " in second.output
    stopped = read_game(out)
    assert len(stopped.hands) == 1 and stopped.unfinished is not None
    third = run("game", "-o", out, "--no-color", input="\n".join(per_hand[1][len(half):] + ["q"]) + "\n")
    assert "Hand 2 goes on where it stopped" in third.output
    done = read_game(out)
    assert [without_event(h) for h in done.hands] == [without_event(h) for h in whole.hands]


def without_event(record) -> str:
    return "\n".join(line for line in write_position(record).splitlines() if not line.startswith("[Event "))


def test_game_refuses_a_file_that_is_not_a_game(tmp_path):
    path = tmp_path / "hands.hl"
    run("play", "--deals", "1", "--seed", "1", "-o", path, "--workers", "1")
    result = run("game", "-o", path, code=2)
    assert result.stderr.startswith("error: ") and "not a game file" in result.stderr
    assert "Traceback" not in result.output


def test_game_needs_a_seat_for_a_new_game_and_keeps_the_files_seat(tmp_path):
    assert "--seat" in run("game", "-o", tmp_path / "new.hl", code=2).stderr
    out = tmp_path / "g.hl"
    run("game", "--seat", "E", "--seed", "2", "--policy", "random", "-o", out, input="q\n")
    assert "you play E in this game, not S" in run("game", "--seat", "S", "-o", out, code=2).stderr


def test_game_rejects_a_bad_seat_policy_and_game_rule(tmp_path):
    assert "'X'" in run("game", "--seat", "X", code=2).stderr
    assert "nobody" in run("game", "--seat", "S", "--policy", "nobody", code=2).stderr
    assert "'Z'" in run("game", "--seat", "S", "--game-rules", "top=Z", code=2).stderr


# -- match --games -------------------------------------------------------------------------------------


def test_a_match_of_games_reports_games_won_hands_and_levels(tmp_path):
    import json

    report = json.loads(run("match", "fair", "random", "--games", "2", "--seed", "1", "--json", "--workers", "1").stdout)
    assert report["games"] == 2 and 0 <= report["a_wins"]["mean"] <= 1
    assert report["hands_per_game"]["mean"] > 1 and report["unfinished"] == 0


def test_both_tables_of_a_game_get_the_same_cards_hand_by_hand(tmp_path):
    from huolong.bots.gamematch import duplicate_game
    from huolong.engine.gamefile import read_game_text

    tables = [read_game_text(t["text"]) for t in duplicate_game(4, 0, "fair", "random", "standard", "standard",
                                                                max_hands=3)["tables"]]
    assert len(tables[0].hands) == len(tables[1].hands) == 3
    for one, two in zip(tables[0].hands, tables[1].hands):
        assert as_dealt(one) == as_dealt(two) and one.kitty == two.kitty


def as_dealt(record) -> list[str]:
    """Each seat's 39 cards as dealt, before the dealer took the kitty and buried."""
    from huolong.engine.jokers import undo_swaps

    start = undo_swaps(record.start())  # the round of 扣王 taken back: the hands as the dealer's bury left them
    hands = list(start.hands)
    hands[record.dealer] = hands[record.dealer] + start.bottom - record.kitty
    return [str(h) for h in hands]


def test_a_match_of_games_resumes_and_two_workers_play_the_same_games(tmp_path):
    part, whole, two = tmp_path / "part.hl", tmp_path / "whole.hl", tmp_path / "two.hl"
    run("match", "fair", "random", "--games", "1", "--seed", "2", "--max-hands", "4", "-o", part, "--workers", "1")
    resumed = run("match", "fair", "random", "--games", "2", "--seed", "2", "--max-hands", "4", "-o", part,
                  "--workers", "1")
    assert "2 games" in resumed.output and "half a win each" in resumed.output
    run("match", "fair", "random", "--games", "2", "--seed", "2", "--max-hands", "4", "-o", whole, "--workers", "1")
    run("match", "fair", "random", "--games", "2", "--seed", "2", "--max-hands", "4", "-o", two, "--workers", "2")
    assert part.read_text() == whole.read_text() == two.read_text()
    assert "not table 1 of game 1" in run("match", "fair", "random", "--games", "2", "--seed", "9", "--max-hands", "4",
                                          "-o", whole, code=2).stderr


def test_a_whole_game_is_played_to_its_end_in_the_terminal(tmp_path):
    per_hand, whole = typed_for(13, EAST, None)
    assert whole.state.over
    out = tmp_path / "game.hl"
    typed = [line for i, hand in enumerate(per_hand) for line in ([""] if i else []) + hand]  # Enter between hands
    result = run("game", "--seat", "E", "--seed", "13", "--policy", "fair", "-o", out, "--no-color",
                 input="\n".join(typed) + "\n")
    team = "S–N" if whole.state.winner == 0 else "E–W"
    assert f"{team} win the game" in result.output and ("You won." if whole.state.winner == 1 else "You lost.") \
        in result.output
    done = read_game(out)
    assert done.state == whole.state and len(done.hands) == len(per_hand)
    assert "this game is over" in run("game", "-o", out, code=2).stderr


def test_a_resumed_game_refuses_options_that_would_change_it(tmp_path):
    out = tmp_path / "g.hl"
    run("game", "--seat", "S", "--seed", "2", "--policy", "random", "-o", out, input="q\n")
    refused = run("game", "-o", out, "--policy", "fair", "--seed", "9", code=2).stderr
    assert "leave out --policy, --seed" in refused


def test_a_resumed_game_takes_options_that_say_what_it_was_started_with(tmp_path):
    out = tmp_path / "g.hl"
    run("game", "--seat", "S", "--seed", "2", "--policy", "random", "-o", out, input="q\n")
    again = run("game", "-o", out, "--policy", "random", "--seed", "2", "--rules", "standard", "--seat", "S",
                input="q\n")
    assert "Game stopped" in again.output  # resumed, not refused
    assert "leave out --seed" in run("game", "-o", out, "--policy", "random", "--seed", "3", code=2).stderr


def test_a_game_file_of_bytes_that_are_not_text_says_so_not_empty(tmp_path):
    bad = tmp_path / "bin.hl"
    bad.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 4)
    refused = run("game", "-o", bad, code=2).stderr
    assert refused.startswith(f"error: {bad}:1: ") and "empty" not in refused


def test_a_game_header_that_does_not_read_names_its_line_not_a_missing_header(tmp_path):
    bad = tmp_path / "g.hl"
    bad.write_text('[Game "huolong-solve"]\n[Seed "2"]\nthis is not a tag\n')
    refused = run("game", "-o", bad, code=2).stderr
    assert refused.startswith(f"error: {bad}:3: ") and "does not begin" not in refused


def test_a_missing_game_file_without_a_seat_says_the_file_does_not_exist(tmp_path):
    assert "does not exist yet" in run("game", "-o", tmp_path / "nothere.hl", code=2).stderr


def test_a_game_file_edited_in_the_middle_is_refused_not_cut(fair_game, tmp_path):
    lines = fair_game.text().splitlines()
    start = lines.index('[Hand "2"]')
    at = next(i for i in range(start, len(lines)) if lines[i].startswith("[Result"))
    lines[at] = '[Result "5 kept dealer-up 9"]'  # hand 2 no longer reads; hands 3… follow it
    path = tmp_path / "edited.hl"
    path.write_text("\n".join(lines) + "\n")
    game = read_game(path)
    assert len(game.hands) == 1 and game.edited and "read up to hand 1" in game.note
    refused = run("game", "-o", path, code=2).stderr
    assert f"{path}:{at + 1}:" in refused and "correct that hand" in refused
    assert path.read_text() == "\n".join(lines) + "\n" and not (tmp_path / "edited.hl.orig").exists()


def test_a_game_stopped_after_the_bury_resumes_after_it(tmp_path):
    """Quit between the bury and the first play: resumed, the game asked about the jokers and the bury again."""
    out = tmp_path / "g.hl"
    run("game", "--seat", "S", "--seed", "3", "--policy", "random", "-o", out, "--no-color",
        input="y\nS8 S7 D4 C8 C7 C4\nq\n")
    again = run("game", "-o", out, "--no-color", input="q\n").output
    assert "Hand 1 goes on where it stopped" in again
    assert "override" not in again and "Bury six cards" not in again and "Bottom: ♠8 ♠7 ♦4 ♣8 ♣7 ♣4" in again
