"""扣王 (摘星, 载王) after the dealer's bury, 请大王, 快龙, 001's J rules and the presets of the rule texts
(docs/rules.md §10 and "A whole game"): one test per rule, named after it."""

from __future__ import annotations

import random

import pytest

from huolong.analysis.hand_review import before_bury
from huolong.bots.game import play_game
from huolong.bots.policy import policy_of
from huolong.engine import BIG_JOKER, Hand, Outcome, Play, Position, read_positions, write_position
from huolong.engine.errors import HuolongError
from huolong.engine.game import PRESETS, GameRules, GameState, hooked_with_j
from huolong.engine.gamefile import GameHeader, read_game_text
from huolong.engine.jokers import JokerBury, every_joker_buried, joker_round, swap_order, take_back
from huolong.engine.order import trump_order
from huolong.engine.sampling import Knowledge
from huolong.engine.seats import EAST, NORTH, SOUTH, WEST

BJ = BIG_JOKER


def after_bury(east: str, bottom: str, level: str = "7", trump: str = "H") -> Position:
    """A deal after S's bury: E holds ``east`` (with big jokers); the rest filled in from what is left."""
    pool = Hand(tuple(3 for _ in range(54))) - Hand.parse(east) - Hand.parse(bottom)
    cards = sorted(pool, key=lambda c: (c != BJ, c))  # the big jokers left go to the dealer, S
    pos = Position(level=level, trump="SHDC".index(trump), dealer=SOUTH, hands=[None] * 4, bottom=Hand.parse(bottom))
    pos.hands[EAST] = Hand.parse(east)
    rest = cards[39:]
    pos.hands[SOUTH] = Hand.from_cards(cards[:39])
    pos.hands[EAST] = pos.hands[EAST] + Hand.from_cards(rest[: 39 - len(pos.hands[EAST])])
    rest = rest[39 - len(Hand.parse(east)):]
    pos.hands[NORTH], pos.hands[WEST] = Hand.from_cards(rest[:39]), Hand.from_cards(rest[39:])
    assert not pos.problems(), pos.problems()
    return pos


def deal_with_jokers(seed: int, holder: int, n: int) -> Position:
    """A random deal after S's bury, with ``n`` big jokers in ``holder``'s hand and none in the bottom."""
    from huolong.engine.deal import random_deal

    rng = random.Random(seed)
    while True:
        pos = random_deal(rng)
        if pos.dealer == SOUTH and pos.hands[holder].count(BJ) == n and pos.bottom.count(BJ) == 0:
            return pos


# -- taking back the bottom's lowest cards ----------------------------------------------------------------


def test_002_a_seat_burying_a_big_joker_takes_back_the_bottoms_lowest_card():
    """002: 扣王方按6张底牌由小到大规则拿出相应的牌数 — plain cards before trumps, then by power, then suit."""
    assert take_back(Hand.parse("K5.A.T4.Q9"), 2, "lowest", trump_order("7", 1)) == Play.parse("D4 S5")


def test_004_never_gives_back_a_point_card():
    """004: 扣几张捡几张…不能捡分牌."""
    assert take_back(Hand.parse("K5.A.T4.Q9"), 2, "lowest", trump_order("7", 1)) != \
        take_back(Hand.parse("K5.A.T4.Q9"), 2, "lowest-no-points", trump_order("7", 1))
    assert take_back(Hand.parse("K5.A.T4.Q9"), 2, "lowest-no-points", trump_order("7", 1)) == Play.parse("D4 C9")


def test_000_gives_back_neither_a_point_card_nor_a_card_of_a_triple():
    """000/001: 换取一张最小的牌（分值与流星除外）."""
    bottom = Hand.parse("-.-.444.98")
    assert take_back(bottom, 1, "lowest-no-points", trump_order("7", 1)) == Play.parse("D4")
    assert take_back(bottom, 1, "lowest-no-points-triples", trump_order("7", 1)) == Play.parse("C8")


def test_004_a_bottom_of_point_cards_takes_no_big_joker():
    """004: 若庄家在扣牌中扣的全是分，则其他用户不能再在底牌中扣王."""
    pos = after_bury("-.-.-.-.BB", "KK.55.T.T")
    out, told = joker_round(pos, "any", "lowest-no-points", decide=lambda seat, limit, now: limit)
    assert told.swaps == () and out.hands == pos.hands
    out, told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: limit)
    assert told.swaps[0].seat == EAST and out.hands[EAST].count(BJ) == 0


def test_002_any_seat_holding_big_jokers_may_bury_them_after_the_dealer():
    pos = after_bury("-.-.-.-.BB", "K5.-.T4.43")
    out, told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: 1)
    assert [str(s) for s in told.entries] == ["E BJ > C3"]
    assert out.bottom.count(BJ) == 1 and out.hands[EAST].count(BJ) == 1 and len(out.hands[EAST]) == 39
    assert out.tags["JokerBury"] == "E BJ > C3"


def test_the_dealers_own_big_jokers_are_told_first():
    pos = after_bury("-.-.-.-.BB", "5.-.T4.43.B")
    _out, told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: 2)
    assert told.text() == "S BJ; E BJ BJ > D4 C3" and told.big_jokers == 3


def test_003_asks_the_attackers_before_the_dealers_partner():
    """003: 如庄家、闲家都摘星，以闲家拿牌为先."""
    pos = after_bury("-.-.-.-.B", "K5.-.T4.43")
    assert swap_order(pos, "any") == [EAST, NORTH, WEST]
    assert swap_order(pos, "attackers-first") == [EAST, WEST, NORTH]
    assert swap_order(pos, "dealer") == []


def test_000_with_two_big_jokers_in_the_bottom_the_third_must_follow():
    """000/001: 如果在两个王时第三个也必须载掉，俗称请大王."""
    pos = after_bury("-.-.-.-.B", "5.-.T4.4.BB")
    _out, free = joker_round(pos, "any", "lowest", "free", decide=lambda seat, limit, now: 0)
    assert free.swaps == ()
    out, must = joker_round(pos, "any", "lowest", "must", decide=lambda seat, limit, now: 0)
    assert [str(s) for s in must.swaps] == ["E BJ > D4"] and out.bottom.count(BJ) == 3


def test_fast_dragon_buries_every_big_joker_except_at_J():
    """000/001 快龙: 每一局中所有的大王必须载掉（除到J级可选择外）."""
    pos = after_bury("-.-.-.-.BB", "K5.-.T4.43")
    _out, told = joker_round(pos, "any", "lowest", fast=True, decide=lambda seat, limit, now: 0)
    assert told.big_jokers == 2
    held = Hand.parse("AKQ.-.-.-.B") + Hand.parse("-.-.-.9876")
    assert every_joker_buried(Hand.parse("-.-.-.9876"), held, trump_order("7", 1)).count(BJ) == 1


def test_a_game_under_fast_dragon_buries_every_big_joker_the_dealer_holds():
    header = GameHeader(seed=5, players=("random",) * 4, game_rules=GameRules.parse("001 dragon=fast"))
    game = play_game(header, [policy_of("random")] * 4, max_hands=3)
    for record in game.hands:
        start = record.start()
        if start.level != "J":
            assert start.bottom.count(BJ) + sum(h.count(BJ) for h in start.hands) == start.bottom.count(BJ)


# -- what each seat knows ---------------------------------------------------------------------------------


def test_every_seat_knows_how_many_big_jokers_the_bottom_holds():
    """002: 若埋了大王，其它玩家会得到提示：XX扣了x个大王 — the samples put exactly that many in the bottom."""
    pos = deal_with_jokers(3, EAST, 2)
    out, told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: 1 if seat == EAST else 0)
    rng = random.Random(1)
    for seat in (NORTH, WEST):
        knowledge = Knowledge.of(out, seat)
        assert {knowledge.sample(rng).bottom.count(BJ) for _ in range(30)} == {1}
    del out.tags["JokerBury"]  # a record without the round told: the count is unknown
    assert len({Knowledge.of(out, NORTH).sample(rng).bottom.count(BJ) for _ in range(60)}) > 1


def test_the_dealer_knows_the_cards_a_seat_took_back():
    pos = deal_with_jokers(4, WEST, 1)
    out, told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: limit if seat == WEST else 0)
    taken = told.swaps[0].taken
    rng = random.Random(2)
    for _ in range(20):
        assert Knowledge.of(out, SOUTH).sample(rng).hands[WEST].contains_all(taken)


def test_a_big_joker_shown_while_dealing_then_buried_is_no_longer_held():
    pos = deal_with_jokers(6, EAST, 1)
    pos.tags["Shown"] = "E BJ"
    out, _told = joker_round(pos, "any", "lowest", decide=lambda seat, limit, now: 1 if seat == EAST else 0)
    sample = Knowledge.of(out, NORTH).sample(random.Random(3))  # no "no deal satisfies what is known"
    assert sample.bottom.count(BJ) == 1


# -- records ----------------------------------------------------------------------------------------------


def test_a_record_with_a_joker_bury_reads_back_and_rebuilds_the_deal_before_the_bury():
    deal = deal_with_jokers(7, NORTH, 2)
    kitty = Hand.parse(str(deal.bottom))
    deal.kitty = kitty
    out, told = joker_round(deal, "any", "lowest", decide=lambda seat, limit, now: limit)
    out.record = True
    [again] = read_positions(write_position(out))
    assert again.tags["JokerBury"] == told.text() and again.hands == out.hands
    before = before_bury(again)
    assert before.hands[NORTH] == deal.hands[NORTH] and before.hands[SOUTH] == deal.hands[SOUTH] + kitty - kitty


def test_a_joker_bury_tag_that_does_not_fit_the_bottom_is_an_error():
    pos = deal_with_jokers(8, EAST, 1)
    pos.tags["JokerBury"] = "E BJ > C3"
    assert any("JokerBury" in message for message, _tag in pos.problems())
    pos.tags["JokerBury"] = "E BJ BJ BJ BJ"
    assert any("JokerBury" in message for message, _tag in pos.problems())
    with pytest.raises(HuolongError, match="JokerBury"):
        JokerBury.parse("E 3", SOUTH)


# -- a whole game -----------------------------------------------------------------------------------------


class Swapper:
    """Buries every big joker it may, in the round of 扣王."""

    def __init__(self) -> None:
        self.inner = policy_of("random")
        self.name = "swapper"

    def bury(self, knowledge, rng):  # type: ignore[no-untyped-def]
        return self.inner.bury(knowledge, rng)

    def play(self, knowledge, rng):  # type: ignore[no-untyped-def]
        return self.inner.play(knowledge, rng)

    def swap_jokers(self, knowledge, limit, rng) -> int:  # type: ignore[no-untyped-def]
        return limit


def test_a_game_with_joker_swaps_reads_back_to_the_same_game():
    header = GameHeader(seed=11, players=("swapper",) * 4)
    game = play_game(header, [Swapper()] * 4, max_hands=4)
    swapped = [h for h in game.hands if JokerBury.parse(h.tags["JokerBury"], h.dealer).swaps]
    assert swapped, "some seat held a big joker after the bury"
    again = read_game_text(game.text(), "game.hl")
    assert again.state == game.state and [h.tags["JokerBury"] for h in again.hands] == \
        [h.tags["JokerBury"] for h in game.hands]


def test_the_computer_players_bury_no_big_joker_by_choice():
    """The default rule (docs/bots.md): a policy without ``swap_jokers`` keeps its big jokers."""
    header = GameHeader(seed=11, players=("random",) * 4)
    game = play_game(header, [policy_of("random")] * 4, max_hands=3)
    assert all(not JokerBury.parse(h.tags["JokerBury"], h.dealer).swaps for h in game.hands)


# -- 001's J rules ----------------------------------------------------------------------------------------


def test_001_attackers_at_J_or_A_take_the_deal_without_going_up():
    """遇J，A不过: 对家在J，A时，在任何情况下都不可升级。只有吃够分再下一局改换为庄家."""
    on = GameRules.parse("001")
    for level in ("J", "A"):
        state = GameState(levels=("5", level)).after(Outcome("attackers-up", 3), dealer=SOUTH, trump=0, rules=on)
        assert state.levels == ("5", level) and state.dealer == EAST
    state = GameState(levels=("5", "J")).after(Outcome("attackers-up", 3), dealer=SOUTH, trump=0)
    assert state.levels == ("5", "A")  # 002 has no such rule


def test_001_a_J_level_dealer_team_dug_with_a_J_falls_back_to_3():
    """J可钩到底: 庄家在J级时，对家再吃够分后，必须通过J挖掉庄家的底，庄家由J级降到3级."""
    on = GameRules.parse("001")
    state = GameState(levels=("J", "6")).after(Outcome("attackers-up", 1), dealer=SOUTH, trump=0, rules=on,
                                                hooked=True)
    assert state.levels == ("3", "7") and state.dealer == EAST
    state = GameState(levels=("J", "6")).after(Outcome("attackers-up", 1), dealer=SOUTH, trump=0, rules=on)
    assert state.levels == ("J", "7")


def test_a_dig_with_a_J_at_level_J_is_a_hook():
    [record] = read_positions('''
[Level "J"]
[Trump "H"]
[Dealer "S"]
[Leader "E"]
[Points "200"]
[Bottom "K5.-.T4.43"]
[Deal "S:-.-.3.- J.-.-.- -.-.4.- -.-.5.-"]
''')
    record.record = True
    record.play(record.legal_plays()[0])
    for _ in range(3):
        record.play(record.legal_plays()[0])
    assert record.is_over() and record.dug and hooked_with_j(record)


# -- presets ----------------------------------------------------------------------------------------------


def test_each_rule_text_is_a_preset_named_by_its_number():
    assert set(PRESETS) == {"standard", "000", "001", "003", "004"}
    assert GameRules.parse("002") == GameRules() and str(GameRules.parse("002")) == "standard"
    assert GameRules.parse("004").top == "T" and GameRules.parse("003").kouwang == "attackers-first"
    assert GameRules.parse("000").third == "must" and GameRules.parse("001").jrules == "on"


def test_a_preset_takes_single_options_and_writes_them_back():
    rules = GameRules.parse("004 top=A")
    assert rules.top == "A" and rules.take == "lowest-no-points" and str(rules) == "004 top=A"
    assert GameRules.parse(str(rules)) == rules
    with pytest.raises(HuolongError, match="dragon"):
        GameRules.parse("001 dragon=quick")


# -- in the terminal --------------------------------------------------------------------------------------


def test_the_player_at_the_keyboard_is_asked_to_bury_big_jokers_and_the_table_is_told(tmp_path):
    """Seed 14: N declares and deals; S holds a big joker after N's bury."""
    from cli_runner import run

    out = tmp_path / "game.hl"
    result = run("game", "--seat", "S", "--seed", "14", "--policy", "fair", "-o", out, "--no-color",
                 input="y\n7\n1\nq\n")
    assert "How many big jokers do you bury (0 or 1)" in result.output
    assert "Type 0 or 1, or q to stop." in result.output  # "y" and "7" are asked again
    assert "S buried 1 big joker and took back ♠4 from the bottom." in result.output
    assert "Bottom: hidden, with 1 big joker" in result.output
    game = read_game_text(out.read_text(), str(out))
    assert game.unfinished.tags["JokerBury"] == "S BJ > S4"


def test_under_fast_dragon_the_player_must_bury_every_big_joker(tmp_path):
    """Seed 14: N declares with a big joker and deals; at N, under 快龙, a bury without it is refused."""
    from cli_runner import run

    from huolong.bots.game import deal_next
    from huolong.engine import card_token

    header = GameHeader(seed=14, players=("fair", "fair", "you", "fair"), game_rules=GameRules.parse("001 dragon=fast"))
    deal, declared = deal_next(header, GameState.start(), [policy_of("fair")] * 4)
    held = deal.hands[NORTH] + deal.kitty
    assert declared.seat == NORTH and held.count(BJ) >= 1
    plain = [c for c in sorted(held) if c != BJ][:6]
    out = tmp_path / "game.hl"
    result = run("game", "--seat", "N", "--seed", "14", "--policy", "fair", "--game-rules", "001 dragon=fast",
                 "-o", out, "--no-color", input="y\n" + " ".join(card_token(c) for c in plain) + "\nq\n")
    assert "快龙 (fast dragon): every big joker must be buried" in result.output


# -- a match of whole games under each preset ---------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["standard", "000", "001", "003", "004", "001 dragon=fast"])
def test_a_match_of_games_under_each_preset_runs_to_its_end_and_resumes(tmp_path, preset):
    """`match --games 2 --game-rules NNN`: both tables of every game (the seats swapped) played to the end;
    stopped after 1 game and resumed, the file is the one a run in one go writes."""
    from cli_runner import run

    from huolong.engine.gamefile import split_games

    part, whole = tmp_path / "part.hl", tmp_path / "whole.hl"
    run("match", "random", "random", "--games", "1", "--seed", "3", "--game-rules", preset, "-o", part,
        "--workers", "1")
    resumed = run("match", "random", "random", "--games", "2", "--seed", "3", "--game-rules", preset, "-o", part,
                  "--workers", "1")
    assert "2 games" in resumed.output and "not over" not in resumed.output
    run("match", "random", "random", "--games", "2", "--seed", "3", "--game-rules", preset, "-o", whole,
        "--workers", "1")
    assert part.read_text() == whole.read_text()
    games = [read_game_text(text, "whole.hl") for text in split_games(whole.read_text())]
    assert len(games) == 4 and all(g.state.over for g in games)
    assert all(str(g.header.game_rules) == str(GameRules.parse(preset)) for g in games)
    assert all(str(g.header.rules) == str(GameRules.parse(preset).hand_rules()) for g in games)


# -- 004's own hand: 干锅, little jokers, the bottom shown -----------------------------------------------------




def test_004_ganguo_the_bottom_stays_as_dealt_and_its_jokers_count_for_nothing():
    """干锅时底牌不能替换，也不能在底牌中扣王…底牌中的王不追加升级也不算血."""
    from huolong.bots.table import ganguo_bury, is_ganguo_deal
    from huolong.engine.jokers import is_ganguo

    kitty = Hand.parse("A.-.KQ.J9.B")
    assert is_ganguo(kitty, trump_order("5", 1)) and not is_ganguo(Hand.parse("A.9.KQ.J.B"), trump_order("5", 1))
    pos = after_bury("-.-.-.-.B", "A.-.KQ.J9.B", level="5", trump="H")
    deal = pos.copy()
    deal.kitty, deal.bottom = pos.bottom, None
    deal.hands[SOUTH] = pos.hands[SOUTH]
    assert not is_ganguo_deal(deal, GameRules.parse("004"))  # 公开底牌后…称为干锅: nobody declared, nothing shown
    deal.tags["KittyShown"] = "yes"
    assert is_ganguo_deal(deal, GameRules.parse("004")) and not is_ganguo_deal(deal, GameRules())
    kept = ganguo_bury(deal)
    assert kept.bottom == kitty and kept.tags["Ganguo"] == "yes" and kept.tags["BottomShown"] == "yes"
    assert kept.jokers_in_bottom == 0 and pos.jokers_in_bottom == 1


def test_004_little_jokers_follow_the_big_ones_in_the_round():
    """扣王时有大王必须先扣大王，没有大王的情况下才能扣小王."""
    pos = after_bury("-.-.-.-.BL", "98.-.T4.43")
    out, told = joker_round(pos, "any", "lowest-no-points", decide=lambda seat, limit, now: limit if seat == EAST
                            else 0, little=True)
    assert [str(s) for s in told.swaps] == ["E BJ LJ > D4 C3"] and told.little_jokers == 1
    _out, one = joker_round(pos, "any", "lowest-no-points", decide=lambda seat, limit, now: 1, little=True)
    assert str(one.swaps[0].jokers) == "BJ"  # the big one first
    _out, none = joker_round(pos, "any", "lowest-no-points", decide=lambda seat, limit, now: limit)
    assert str(none.swaps[0].jokers) == "BJ"  # without little=True a little joker stays in the hand


def test_004_three_little_jokers_in_the_bottom_end_the_game():
    """底牌中扣了3大王或3小王…则该轮结束."""
    from huolong.engine import Rules, hand_result

    both = Rules.parse("standard three_jokers=outright-both")
    assert hand_result(60, False, 0, both, 3).name == "dealer-win-game"
    assert hand_result(160, True, 0, both, 3).name == "attackers-win-game"
    assert hand_result(60, False, 0, Rules(), 3).name == "dealer-up"  # 002: little jokers do nothing


def test_004_the_bottom_is_turned_up_for_all_when_jokers_are_buried():
    """扣王时底牌必须亮给大家看，不扣王时底牌不公开."""
    from huolong.bots.table import round_after_bury

    pos = after_bury("-.-.-.-.BL", "98.-.T4.43")
    rules = GameRules.parse("004")
    shown = round_after_bury(pos, rules, False, lambda seat, limit, now: 1)
    assert shown.tags["BottomShown"] == "yes"
    assert 4 not in Knowledge.of(shown, NORTH).hidden_holders()  # every seat sees the bottom
    kept = round_after_bury(pos, rules, False, lambda seat, limit, now: 0)
    assert "BottomShown" not in kept.tags and 4 in Knowledge.of(kept, NORTH).hidden_holders()


def test_004_the_bottom_as_dealt_is_shown_after_the_declaration():
    """发牌或反主结束后将底牌公开: the samples keep the kitty's cards with the dealer, in its hand or the bottom."""
    from huolong.bots.game import deal_next
    from huolong.bots.table import play_table

    header = GameHeader(seed=5, players=("random",) * 4, game_rules=GameRules.parse("004"))
    deal, declared = deal_next(header, GameState.start(), [policy_of("random")] * 4)
    assert declared.how == "big" and deal.tags["KittyShown"] == "yes"
    record = play_table(deal, [policy_of("random")] * 4, "kitty", game_rules=header.game_rules).record
    start = record.start()
    other = (start.dealer + 1) % 4
    rng = random.Random(4)
    for _ in range(10):
        sample = Knowledge.of(start, other).sample(rng)
        assert (sample.hands[start.dealer] + sample.bottom).contains_all(Play(tuple(start.kitty)))


# -- 004's tribute (喝血 / 进贡) ------------------------------------------------------------------------------


def test_004_blood_is_one_card_per_10_points_short_of_80_or_over_150_and_per_joker():
    """抓分方得分若未满80，每少10分下局出一个血(结算时5分按10分计)；若得分超过150，每多10分下局即得一个血(结算时5分
    不计)；1个大王为2个血，1个小王为1个血."""
    from huolong.engine.tribute import blood

    assert [blood(p, False, 0, 0, 120) for p in (0, 40, 65, 75, 80, 150, 155, 165, 200)] == [8, 4, 1, 0, 0, 0, 0, 1, 5]
    assert blood(100, False, 1, 1, 120) == 3  # the dealer team kept the bottom: the jokers' blood is its
    assert blood(100, True, 1, 1, 120) == 0  # dug short of 120: 扣的王作废
    assert blood(130, False, 1, 0, 120) == 2  # kept, but the attackers took the deal: they drink the jokers' blood
    assert blood(100, False, 1, 1, 120, ganguo=True) == 0  # 干锅: 不算血


def test_004_the_dealers_predecessor_gives_its_highest_cards_never_a_point_card():
    """庄家的上家应向庄家进贡，所进贡的牌为进贡者手中的最大牌(分牌除外); the dealer gives back its lowest (our choice)."""
    from huolong.engine.tribute import apply_tribute, tribute_of

    pos = after_bury("-.-.-.-.B", "98.-.T4.43", level="7", trump="H")
    deal = pos.copy()
    deal.kitty, deal.bottom = pos.bottom, None
    paid = apply_tribute(deal, 2)
    told = tribute_of(paid)
    assert (told.payer, told.dealer) == (WEST, SOUTH)  # W plays just before S
    assert all(c % 13 not in (3, 8, 11) for c in told.given.cards)  # no 5, 10 or K
    assert len(paid.hands[WEST]) == len(paid.hands[SOUTH]) == 39
    assert paid.hands[SOUTH].contains_all(told.given) and paid.hands[WEST].contains_all(told.returned)
    assert apply_tribute(deal, 0) is deal


def test_004_at_level_5_the_fives_are_paid_too():
    """血牌不包括分牌，但打5、10的时候，5、10要进贡."""
    from huolong.engine.tribute import _highest

    hand = Hand.parse("5A.5.-.K")
    assert str(_highest(hand, 2, trump_order("5", 1))) == "S5 H5"  # the trump 5 and the off-suit one
    assert str(_highest(hand, 2, trump_order("7", 1))) == "SA"  # at 7 the 5s and the K are point cards


def test_004_a_game_pays_blood_hand_after_hand_and_reads_back():
    header = GameHeader(seed=8, players=("random",) * 4, game_rules=GameRules.parse("004"))
    game = play_game(header, [policy_of("random")] * 4, max_hands=6)
    paid = [h for h in game.hands if "Tribute" in h.tags]
    assert paid, "some hand owed blood"
    again = read_game_text(game.text(), "game.hl")
    assert again.state == game.state
    for record in paid:
        sample = Knowledge.of(record.start(), record.dealer).sample(random.Random(1))  # no contradiction
        assert len(sample.hands[(record.dealer + 3) % 4]) == 39


def test_under_fast_dragon_the_bury_advisor_offers_only_burials_with_every_big_joker():
    from huolong.analysis.burial import shortlist
    from huolong.engine.deal import deal_hand

    deal = deal_hand(random.Random(0), dealer=0)
    held = deal.hands[0] + deal.kitty
    assert held.count(BJ) == 1
    assert any(h.count(BJ) == 0 for h in shortlist(held, deal))
    assert all(h.count(BJ) == 1 for h in shortlist(held, deal, fast=True))
