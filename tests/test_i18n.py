"""Huolong-solve in Chinese (中文) as well as English: the catalogs, the choice of language, the cards
players type, and the promise that only words change — never the English text, the JSON or the exit codes."""

from __future__ import annotations

import json
import re

import huolong.i18n as i18n
import pytest
from board_helpers import client_for, without_timing
from cli_runner import run
from golden import COMMANDS, GOLDEN
from golden import run as run_golden
from huolong.engine import Play, parse_card, parse_seat
from huolong.engine.cards import RANKS, SUITS, make_card
from huolong.i18n import catalogs

ROOT = GOLDEN.parent.parent
CHINESE_ENV = {"LANG": "zh_CN.UTF-8", "LANGUAGE": "zh_CN", "HUOLONG_SOLVE_LANG": None}
ENGLISH_ENV = {"LANG": "C.UTF-8", "LANGUAGE": None, "LC_ALL": None, "HUOLONG_SOLVE_LANG": None}

# -- the catalogs ---------------------------------------------------------------------------------


def test_every_marked_message_has_a_chinese_translation():
    assert catalogs.problems("zh") == []


def test_the_catalog_check_finds_a_message_added_untranslated(monkeypatch):
    real = catalogs.read

    def one_left(lang):  # type: ignore[no-untyped-def]
        catalog = real(lang)
        catalog.get("Best line:").string = ""
        return catalog

    monkeypatch.setattr(catalogs, "read", one_left)
    assert any("'Best line:' has no zh translation" in p for p in catalogs.problems("zh"))


def test_a_translation_keeps_the_fields_of_its_message():
    assert catalogs.fields("{seat} to play, {n} cards") == ["{n}", "{seat}"]
    assert all("fields" not in p for p in catalogs.problems("zh"))


# -- the language ---------------------------------------------------------------------------------


@pytest.mark.parametrize("environ,lang", [
    ({}, "en"), ({"LANG": "C"}, "en"), ({"LANG": "zh_CN.UTF-8"}, "zh"), ({"LC_ALL": "zh_TW.UTF-8"}, "zh"),
    ({"LANGUAGE": "fr:zh_CN", "LANG": "en_US.UTF-8"}, "zh"), ({"LANGUAGE": "en", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"LC_MESSAGES": "zh_CN.UTF-8"}, "zh"), ({"HUOLONG_SOLVE_LANG": "en", "LANG": "zh_CN.UTF-8"}, "en"),
    ({"HUOLONG_SOLVE_LANG": "zh", "LANG": "C"}, "zh"), ({"LANG": "de_DE.UTF-8"}, "en"),
])
def test_the_language_follows_the_environment(environ, lang):
    assert i18n.from_environment(environ) == lang


def test_the_locale_chooses_chinese_and_lang_overrides_it(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert "最佳打法" in run("example:dig-fight", "--no-color", env=CHINESE_ENV).stdout
    assert "Best play" in run("example:dig-fight", "--lang", "en", "--no-color", env=CHINESE_ENV).stdout
    assert "最佳打法" in run("--lang=zh", "example:dig-fight", env=ENGLISH_ENV).stdout
    assert "最佳打法" in run("example:dig-fight", env={**ENGLISH_ENV, "HUOLONG_SOLVE_LANG": "zh"}).stdout


def test_an_unknown_language_is_bad_input():
    result = run("--lang", "fr", "example:dig-fight", code=2)
    assert result.stderr == "error: unknown language 'fr': use zh (中文) or en (English)\n"


def test_the_browser_language_is_read_from_accept_language():
    assert i18n.from_accept_language("zh-CN,zh;q=0.9,en;q=0.8") == "zh"
    assert i18n.from_accept_language("en-GB,zh;q=0.5") == "en"
    assert i18n.from_accept_language("fr, zh-Hans;q=0.3") == "zh"
    assert i18n.from_accept_language(None) == "en"


# -- cards a player types -------------------------------------------------------------------------


@pytest.mark.parametrize("suit", range(4))
@pytest.mark.parametrize("rank", RANKS)
def test_chinese_card_names_are_the_same_cards_as_the_portable_tokens(suit, rank):
    chinese = ("黑桃", "红桃", "方块", "梅花")[suit] + ("10" if rank == "T" else rank)
    assert parse_card(chinese) == parse_card(SUITS[suit] + rank) == make_card(suit, rank)


def test_the_jokers_and_other_names_players_use():
    assert parse_card("大王") == parse_card("BJ") and parse_card("小王") == parse_card("LJ")
    assert parse_card("红心A") == parse_card("HA") and parse_card("草花5") == parse_card("C5")
    assert parse_card("方片k") == parse_card("DK")
    assert Play.parse("黑桃A 黑桃A") == Play.parse("SA SA")
    assert [parse_seat(s) for s in "南东北西"] == [parse_seat(s) for s in "SENW"]


def test_the_jokers_are_shown_as_the_reader_types_them():
    """English reads and writes BJ / LJ, Chinese 大王 / 小王 (the walker met 大王 in an English game whose
    prompt asked for BJ)."""
    with i18n.use("en"):
        assert Play.parse("大王 小王 SA").unicode() == "♠A BJ LJ"
    with i18n.use("zh"):
        assert Play.parse("BJ LJ SA").unicode() == "♠A 大王 小王"


def test_what_a_chinese_keyboard_types_is_read():  # full-width digits (an input method's state), 十, ，and 、
    assert parse_card("黑桃８") == parse_card("S8") and parse_card("红桃十") == parse_card("HT")
    assert parse_card("梅花Ｋ") == parse_card("CK")
    assert Play.parse("红桃十，红桃１０、♥10") == Play.parse("HT HT HT")


def test_a_chinese_error_quotes_what_was_typed_in_full_width_quotes():
    from huolong.engine.errors import CardError

    with i18n.use("zh"), pytest.raises(CardError) as raised:
        parse_card("黑桃Z")
    assert str(raised.value) == "无法识别的牌“黑桃Z”"


def test_a_chinese_card_is_written_back_as_the_portable_token(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run("train", "puzzles/themes/tie", "--count", "1", "--seed", "1", "--in-order", "--store",
                 tmp_path / "t.json", "--lang", "zh", input="黑桃Z\n黑桃A\nq\n")
    assert "无法识别的牌“黑桃Z”；请再试。" in result.stdout  # asked again, with the reason, in Chinese


# -- English unchanged, JSON unchanged, exit codes unchanged ------------------------------------


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_lang_en_is_byte_identical_to_the_english_output(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert run_golden(name, ("--lang", "en"), env=CHINESE_ENV) == (GOLDEN / f"{name}.txt").read_text(encoding="utf-8")


JSON_COMMANDS = {
    "solve": ("solve", "example:dig-fight", "--json"),
    "solve-stopped": ("solve", "example:keep-bottom", "--json", "--max-nodes", "1"),
    "review": ("review", "example:hand-record", "--json", "--tricks", "3"),
    "advise": ("advise", "example:keep-bottom", "--json", "--samples", "16", "--workers", "1"),
    "bury": ("bury", "example:before-bury-known", "--known", "--json", "--samples", "20", "--workers", "1"),
    "play": ("play", "--deals", "1", "--json", "--workers", "1"),
    "puzzle-check": ("puzzle", "check", "puzzles/themes/tie", "--json", "--workers", "1"),
}


@pytest.mark.parametrize("name", sorted(JSON_COMMANDS))
def test_json_is_the_same_in_every_language(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = 3 if name == "solve-stopped" else 0
    english = run(*JSON_COMMANDS[name], "--lang", "en", code=code).stdout
    chinese = run(*JSON_COMMANDS[name], "--lang", "zh", code=code).stdout
    assert without_timing(json.loads(chinese)) == without_timing(json.loads(english))


def test_a_chinese_error_keeps_file_line_and_exit_code(tmp_path):
    bad = tmp_path / "bad.hl"
    bad.write_text('[Level "3"]\n[Trump "X"]\n[Dealer "S"]\n[Deal "S:- - - -"]\n', encoding="utf-8")
    result = run(bad, "--lang", "zh", code=2)
    assert result.stderr == f"错误：{bad}:2: 无法识别的主花色“X”：可用 S、H、D 或 C\n"
    assert run(bad, "--lang", "en", code=2).stderr == f"error: {bad}:2: invalid trump suit 'X': use S, H, D or C\n"


def test_a_chinese_usage_error_is_one_line_with_exit_2():
    result = run("solve", "--no-colr", "--lang", "zh", code=2)
    assert result.stderr.startswith("错误：没有选项“--no-colr”。") and result.stderr.count("\n") == 1


# -- no English left under --lang zh ---------------------------------------------------------------

# Two English words in a row: a sentence, or part of one, left untranslated.
ENGLISH = re.compile(r"\b[A-Za-z][a-z]+[ ,]+[a-z]{2,}\b")
# What is data, not a message: commands and their options, files, environment variables, pip's words.
DATA = [re.compile(p) for p in (r"(?m)(huolong-solve|^\s*cat|^\s*eval)\b.*$", r"standard( \w+=\S+)+", r"--[a-z][a-z-]*", r"\S+\.(hl|pbn|jsonl?)\b",
                                r"example:[\w:-]+", r"pip install\s+\S+", r"\bsa sa\b", r"https?://\S+", r"\$?[A-Z_]{3,}\w*")]


def english_left(text: str, data: tuple[str, ...] = ()) -> list[str]:
    """The English phrases of ``text`` that are not data (``data``: strings of the input, as tags)."""
    for value in data:
        text = text.replace(value, " ")
    for pattern in DATA:
        text = pattern.sub(" ", text)
    return ENGLISH.findall(text)


def tag_values() -> tuple[str, ...]:
    """The tags of the examples and puzzles the commands read: their data, in whatever language."""
    from huolong.puzzles.shipped import examples, read_example

    values = {v for name in examples() for pos in read_example(f"example:{name}") for v in pos.tags.values()}
    values |= set(examples())
    return tuple(sorted(values, key=len, reverse=True))


ZH_COMMANDS = {name: args for name, (args, _stdin) in COMMANDS.items() if name != "play-two-deals"}


@pytest.mark.parametrize("name", sorted(ZH_COMMANDS))
def test_no_english_sentence_is_left_in_the_chinese_output(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert english_left(run_golden(name, ("--lang", "zh")), tag_values()) == []


HELP_COMMANDS = [(), ("solve",), ("review",), ("advise",), ("bury",), ("play",), ("puzzle",), ("puzzle", "generate"),
                 ("puzzle", "check"), ("train",), ("batch",), ("board",), ("match",)]


@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "top")
def test_no_english_sentence_is_left_in_the_chinese_help(command):
    text = run(*command, "--help", "--lang", "zh").stdout
    assert "用法：" in text
    assert english_left(text) == []


# What click writes in English unless told: the usage line's placeholders, type names, its notes.
CLICK_WORDS = re.compile(r"Usage|\[OPTIONS\]|COMMAND|\[ARGS\]|FILES|PATHS|INTEGER|RANGE|\bTEXT\b|FLOAT|DIRECTORY|"
                         r"SECONDS|required|default:|x[<>]=?\d|\d<=?x")


@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "top")
def test_the_chinese_help_names_clicks_placeholders_in_chinese(command):
    text = run(*command, "--help", "--lang", "zh").stdout
    assert CLICK_WORDS.findall(text) == []
    assert "选项：" in text and ("[选项]" in text)


@pytest.mark.parametrize("command", HELP_COMMANDS, ids=lambda c: " ".join(c) or "top")
def test_the_chinese_help_is_wrapped_as_chinese(command):
    """Lines fit 80 columns counting a Chinese character as two, and a wrapped line never starts with
    a mark that closes what came before."""
    from huolong.cli.translate import columns

    lines = run(*command, "--help", "--lang", "zh").stdout.splitlines()
    assert [line for line in lines if line.strip()[:1] in ("，", "）", "。", "、", "；", "：")] == []
    assert [line for line in lines if columns(line) > 80 and "huolong-solve" not in line] == []


def test_chinese_is_broken_between_characters_but_not_before_a_closing_mark():
    from huolong.cli.translate import wrap

    text = "每家剩这么多张牌或更少时，改用精确搜索打完（最多还剩这么多轮）。"
    assert wrap(text, 26) == ["每家剩这么多张牌或更少时，", "改用精确搜索打完（最多还剩", "这么多轮）。"]
    assert wrap(text, 20) == ["每家剩这么多张牌或更", "少时，改用精确搜索打", "完（最多还剩这么多", "轮）。"]
    assert wrap("打完（最多", 6) == ["打完", "（最多"]  # an opening mark goes with what it opens
    assert wrap("用 --max-nodes 限制节点", 12) == ["用", "--max-nodes", "限制节点"]
    assert wrap("默认 200 次", 8) == ["默认", "200 次"]  # a number stays with what it counts


def test_the_english_help_is_clicks_own_layout():
    text = run("advise", "--help", "--lang", "en").stdout
    assert "Usage: huolong-solve advise [OPTIONS] FILES..." in text and "[default: 320; x>=1]" in text


# Full-width marks in Chinese: no ASCII colon, comma or semicolon after a Chinese character, no ASCII
# parenthesis against one, no space before a closing mark. A {field}, a URL and a formula are not text.
CJK = r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]"
HALF_WIDTH = re.compile(rf"{CJK}[:,;]|{CJK}\(|\){CJK}|\s[。，、；：）]|（\s")
NOT_TEXT = re.compile(r"\{[^{}]*\}|\S+://\S+|\S*\^\([^()]*\)")


def half_width_marks(text: str) -> list[str]:
    """The ASCII marks of ``text`` that Chinese writes full-width, with what is around them."""
    text = NOT_TEXT.sub("X", text)
    return [text[max(0, m.start() - 8):m.end() + 8] for m in HALF_WIDTH.finditer(text)]


def test_the_check_finds_half_width_marks_in_chinese():
    assert half_width_marks("规则:standard") and half_width_marks("抓分方上台, 不升级") and half_width_marks("得分 。")
    assert half_width_marks("庄家(南)")
    assert half_width_marks("{where}：打 {level}，主 {trump}") == []
    assert half_width_marks("应为 'S: SA, SK'，如 100·e^(−损失/20)、tcp://主机:端口") == []


def test_every_chinese_message_uses_full_width_marks():
    found = {}
    for message in catalogs.read("zh"):
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        for text in strings:
            if text and half_width_marks(text):
                found[message.id if isinstance(message.id, str) else message.id[0]] = half_width_marks(text)
    assert found == {}


def test_a_result_with_levels_reads_in_chinese_order():
    from huolong.engine.outcome import Outcome

    with i18n.use("zh"):
        assert Outcome("attackers-up", 1).label() == "抓分方上台并升 1 级"
        assert Outcome("dealer-up", 3).label() == "庄家方升 3 级"
    assert Outcome("attackers-up", 1).label() == "attackers-up 1"


def test_the_rules_are_named_in_the_players_words():
    from huolong.engine import Rules

    with i18n.use("zh"):
        assert Rules().label() == "标准（活棒）"
        assert Rules.parse("standard follow=strict multiplier=3 bury_limit=40").label() == "标准（死棒），抠底 3 倍，扣底不超过 40 分"
    assert Rules.parse("standard follow=strict multiplier=3").label() == "standard follow=strict multiplier=3"


def test_the_examples_titles_and_the_records_result_are_shown_in_chinese(monkeypatch):
    monkeypatch.chdir(ROOT)
    solved = run("solve", "example:dig-fight", "--lang", "zh").stdout
    assert solved.splitlines()[0] == "局面 1/1（example:dig-fight:1）：抠底之争：让分以赢得最后一轮"
    assert "规则：标准（活棒）。" in solved
    reviewed = run("review", "example:hand-record", "--tricks", "2", "--lang", "zh").stdout
    assert reviewed.splitlines()[0] == ("example:hand-record:1：huolong-solve play --seed 7 的第 1 局——"
                                        "结果：125 分，保底，抓分方上台")


def test_the_bury_summary_names_each_group_and_counts_in_chinese(monkeypatch):
    monkeypatch.chdir(ROOT)
    text = run("bury", "example:before-bury-known", "--known", "--samples", "4", "--workers", "1", "--lang",
               "zh").stdout
    assert "主牌 19 张——大小王：小王 小王；级牌：♠7 ♦7；常主 2：♥2 ♦2 ♣2；主花色：" in text
    assert "副牌：♠ 8 张、♦ 4 张、♣ 14 张。" in text
    assert re.search(r"抓分方上台并升 1 级 \d+ 次", text)


def test_a_file_that_is_not_utf8_is_explained_in_chinese(tmp_path):
    bad = tmp_path / "binary.hl"
    bad.write_bytes(b"\xff\xfe[Level")
    result = run(bad, "--lang", "zh", code=2)
    assert result.stderr == f"错误：{bad}:1: 不是 UTF-8 文本文件（有一个字节不能作为字符的开头）\n"


ZH_RUNS = {
    "play-to-file": lambda tmp: ("play", "--deals", "1", "--workers", "1", "-o", tmp / "hands.hl"),
    "batch": lambda tmp: ("batch", "puzzles/examples/dig-fight.hl", "-o", tmp / "out.jsonl", "--workers", "1"),
    "train-stats": lambda tmp: ("train", "--stats", "--store", tmp / "t.json"),
    "match": lambda tmp: ("match", "fair", "random", "--deals", "3", "--workers", "1"),
    "solve-stopped": lambda tmp: ("solve", "example:keep-bottom", "--max-nodes", "1"),
}
ZH_ERRORS = {
    "no such file": ("solve", "missing.hl"),
    "bad option": ("review", "--tricks", "zero", "example:hand-record"),
    "bad seat": ("advise", "example:hand-record", "--trick", "18", "--seat", "X"),
    "bad rules": ("solve", "example:dig-fight", "--rules", "standard follow=loose"),
    "not a record": ("review", "example:dig-fight"),
    "before the bury": ("solve", "example:before-bury"),
    "bad candidate": ("bury", "example:before-bury", "--candidate", "SA SX"),
    "unknown example": ("solve", "example:nothing"),
}


@pytest.mark.parametrize("name", sorted(ZH_RUNS))
def test_no_english_sentence_is_left_in_other_chinese_runs(name, tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)
    args = ZH_RUNS[name](tmp_path)
    result = run(*args, "--lang", "zh", code=3 if name == "solve-stopped" else 0)
    assert english_left(result.stdout + result.stderr, tag_values()) == []


@pytest.mark.parametrize("name", sorted(ZH_ERRORS))
def test_no_english_sentence_is_left_in_a_chinese_error(name, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = run(*ZH_ERRORS[name], "--lang", "zh", code=2)
    assert result.stderr.startswith("错误：") and result.stderr.count("\n") == 1
    assert english_left(result.stderr, tag_values()) == []


def test_the_check_finds_a_message_left_in_english(monkeypatch):
    monkeypatch.chdir(ROOT)
    real = i18n.translations("zh")

    class OneLeftInEnglish:
        def gettext(self, message):  # type: ignore[no-untyped-def]
            return message if message.startswith("Best play: the attackers reach") else real.gettext(message)

        def __getattr__(self, name):  # type: ignore[no-untyped-def]
            return getattr(real, name)

    original = i18n.translations
    monkeypatch.setattr(i18n, "translations", lambda lang: OneLeftInEnglish() if lang == "zh" else original(lang))
    text = run("example:dig-fight", "--lang", "zh").stdout
    assert english_left(text, tag_values())


# -- the board ------------------------------------------------------------------------------------


def test_the_board_speaks_the_browsers_language_with_a_switch():
    from huolong.board.app import create_app
    from huolong.board.positions import Library

    client = client_for(create_app(Library.of_examples([]), None, hosts=None))
    zh = client.get("/api/messages", headers={"Accept-Language": "zh-CN,zh;q=0.9"}).json()
    assert zh["lang"] == "zh" and zh["messages"]["best_line"] == "最佳路线" and zh["languages"]["zh"] == "中文"
    switched = client.get("/api/messages", headers={"Accept-Language": "zh-CN", "X-Huolong-Lang": "en"}).json()
    assert switched["lang"] == "en" and switched["messages"]["best_line"] == "Best line"
    assert (zh["messages"]["card_BJ"], switched["messages"]["card_BJ"]) == ("大王", "BJ")  # the page draws jokers so
    bad = client.post("/api/view", json={"root": {"text": '[Level "3"]\n[Trump "X"]\n[Dealer "S"]\n[Deal "S:- - - -"]\n'}},
                      headers={"X-Huolong-Lang": "zh"})
    assert bad.status_code == 400 and "无法识别的主花色“X”" in bad.json()["error"]


def test_the_board_names_the_rules_in_the_players_words():
    from huolong.board.app import create_app
    from huolong.board.positions import Library

    client = client_for(create_app(Library.of_examples([]), None, hosts=None))
    text = (ROOT / "puzzles/examples/strict-follow.hl").read_text(encoding="utf-8")
    zh = client.post("/api/view", json={"root": {"text": text}}, headers={"X-Huolong-Lang": "zh"}).json()
    en = client.post("/api/view", json={"root": {"text": text}}, headers={"X-Huolong-Lang": "en"}).json()
    assert (zh["rules"], zh["rules_label"], en["rules_label"]) == ("standard follow=strict", "标准（死棒）",
                                                                   "standard follow=strict")


def test_every_key_the_page_asks_for_is_a_message():
    """A key the page asks for and the catalog lacks shows as itself: the bridge example's objective read
    "目标：obj_tricks"."""
    from pathlib import Path

    from huolong.board.messages import page_messages

    static = Path(i18n.__file__).resolve().parent.parent / "board" / "static"
    if not static.is_dir():  # an installed package: the page's files sit beside the board's modules
        import huolong.board

        static = Path(huolong.board.__file__).resolve().parent / "static"
    asked = {key for js in static.glob("*.js") for key in re.findall(r'\bt\("([\w-]+)"\s*[,)]', js.read_text())}
    asked |= {f"obj_{o}" for o in ("outcome", "points", "result", "tricks")}  # t("obj_" + objective)
    with i18n.use("zh"):
        known = page_messages()
    assert sorted(asked - set(known)) == []


def test_click_suggestions_are_quoted_and_listed_the_chinese_way():
    """"是不是想用 '--samples', '--seat', '--seed'？": click's quotes and commas in a Chinese sentence."""
    said = run("--lang", "zh", "play", "--sed", "3", code=2).stderr
    assert "是不是想用“--scheduler”、“--seat”、“--seed”？" in said and "'" not in said
