"""The board in a real browser (Debian's chromium and chromium-driver, driven by Selenium), as a player
uses it: values on the cards, plays by clicks, the tree, a record reviewed (its marks, its graph, learning
from the mistakes), a stopped solve,
advice, the editor, errors, a reload, and a phone's width. Screenshots of every view go to
``board-screenshots/`` (or ``$HUOLONG_SCREENSHOTS``): look at them.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import signal
import sys
from pathlib import Path

import pytest
from board_helpers import EXAMPLES, ROOT, cli_json
from endgames import random_endgame

from huolong.engine.deal import deal_hand
from huolong.engine import read_file, read_positions, write_position

pytestmark = pytest.mark.slow

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    if os.environ.get("CI"):
        raise RuntimeError("CI needs chromium and chromium-driver (apt-get install -y chromium chromium-driver)")
    pytest.skip("no chromium/chromedriver here (apt-get install -y chromium chromium-driver)", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

SHOTS = Path(os.environ.get("HUOLONG_SCREENSHOTS", ROOT / "board-screenshots"))
WAIT = 120  # seconds a condition may take (a first run compiles the kernel)


@pytest.fixture(scope="module")
def server():
    """``huolong-solve board`` on a free port, as a user starts it; its URL."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "huolong.cli.main", "board", "--no-browser", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # Ctrl-C as in a terminal
    try:
        line = proc.stdout.readline()
        assert "The board is at http://127.0.0.1:" in line, line
        url = line.split(" is at ")[1].split()[0]
        yield url
    finally:
        proc.send_signal(signal.SIGINT)  # Ctrl-C: the board stops its workers and says so
        try:
            out, _ = proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise
        assert "The board has stopped." in out
        assert proc.returncode == 0


@pytest.fixture(scope="module")
def browser():
    options = Options()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-component-update", "--no-first-run", "--disable-sync", "--lang=en-US"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    driver.set_window_size(1280, 1000)
    SHOTS.mkdir(parents=True, exist_ok=True)
    yield driver
    driver.quit()


def wait(driver, condition, timeout: float = WAIT):
    # the page redraws as answers arrive: an element seen a moment ago may be gone, so look again
    return WebDriverWait(driver, timeout, poll_frequency=0.1,
                         ignored_exceptions=(StaleElementReferenceException,)).until(lambda d: condition(d))


def find(driver, css: str):
    found = driver.find_elements(By.CSS_SELECTOR, css)
    return found[0] if found and found[0].is_displayed() else None


def shoot(driver, name: str) -> None:
    """A screenshot of the whole page at the window's width."""
    width = driver.get_window_size()["width"]
    driver.execute_script("window.scrollTo(0, 0)")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(max(height + 40, 600), 6000))
    driver.save_screenshot(str(SHOTS / f"{name}-{width}.png"))
    driver.set_window_size(width, 1000)


def open_example(driver, url: str, name: str, viewer: str = "") -> None:
    driver.get(url)
    driver.execute_script("sessionStorage.clear()")  # no review kept from an earlier test: each runs its own
    wait(driver, lambda d: len(Select(d.find_element(By.ID, "picker")).options) > 5)
    picker = Select(driver.find_element(By.ID, "picker"))
    option = next(o for o in picker.options if (o.get_attribute("data-name") or "").startswith(f"example:{name}:"))
    title = re.split(" — |——", option.text)[0]  # the picker's title is the table's heading
    picker.select_by_value(option.get_attribute("value"))
    wait(driver, lambda d: d.find_element(By.ID, "info").text.startswith(title))


def card(driver, seat: str, token: str):
    return wait(driver, lambda d: find(d, f'.seat[data-seat="{seat}"] button[data-card="{token}"]:not(.selected)'))


def moves_shown(driver) -> dict[str, str]:
    def shown(d):  # read again if the table is redrawn while it is read (an answer arriving)
        if not find(d, "#moves-table"):
            return None
        rows = d.find_elements(By.CSS_SELECTOR, "#moves-table tr[data-play]")
        return ({r.get_attribute("data-play"): r.text for r in rows},)
    return wait(driver, shown)[0]


def open_editor(driver) -> None:
    """Open the position editor: the button is in the page before its script listens, so click until it opens."""
    wait(driver, lambda d: find(d, "#editor-button"))
    wait(driver, lambda d: d.execute_script("return document.getElementById('editor-dialog').open")
         or d.find_element(By.ID, "editor-button").click())


def to_play(driver) -> str:
    return driver.find_element(By.CSS_SELECTOR, ".seat.to-play").get_attribute("data-seat")


# -- every play valued -----------------------------------------------------------------------------


def test_dig_fights_card_values_equal_solve_json(server, browser):
    open_example(browser, server, "dig-fight")
    moves = moves_shown(browser)
    [cli] = cli_json(EXAMPLES / "dig-fight.hl", "--json")
    assert list(moves) == [m["play"] for m in cli["moves"]]
    best = {}
    for m in cli["moves"]:  # each card shows the best of the plays holding it (they come best first)
        for token in m["play"].split():
            best.setdefault(token, m)
    for token, m in best.items():
        badge = card(browser, "W", token).find_element(By.CSS_SELECTOR, ".val").text
        assert badge.endswith(str(m["points"])), (token, badge)
    marks = {p: browser.find_element(By.CSS_SELECTOR, f'#moves-table tr[data-play="{p}"] .mark').text for p in moves}
    assert marks == {"S4": "✓", "DK": "✓", "DK DK": "✗"}  # best, best, worse result
    assert "attackers reach 175 and dig" in browser.find_element(By.ID, "verdict").text
    shoot(browser, "table")


def test_the_marks_are_explained_and_no_value_reads_as_a_negative_number(server, browser):
    open_example(browser, server, "dig-fight")
    moves_shown(browser)
    legend = browser.find_element(By.ID, "marks-legend").text
    assert all(mark in legend for mark in ("✓", "✗", "△")) and "attackers' points" in legend
    badges = [b.text for b in browser.find_elements(By.CSS_SELECTOR, ".seat .card .val")]
    assert badges and not any(b.startswith(("-", "−")) for b in badges)
    losses = [r.find_elements(By.TAG_NAME, "td")[-1].text for r in browser.find_elements(By.CSS_SELECTOR, "#moves-table tr[data-play]")]
    assert not any("-" in x or "−" in x for x in losses), losses  # never "− -10": words say what is lost
    assert "worse result" in losses[-1]
    open_example(browser, server, "keep-bottom")  # N (dealer team) gives 165 with ♦8, 160 with ♣5: 5 lost
    moves_shown(browser)
    Select(browser.find_element(By.ID, "objective")).select_by_value("points")
    wait(browser, lambda d: moves_shown(d)["D8"].endswith("△ 5 points lost"))
    assert card(browser, "N", "D8").find_element(By.CSS_SELECTOR, ".val").text == "△ 165"
    Select(browser.find_element(By.ID, "objective")).select_by_value("outcome")


def test_the_information_line_and_the_seats_say_what_they_are(server, browser):
    open_example(browser, server, "dig-fight")
    moves_shown(browser)  # values on the cards: the status line says the solver is ready, not loading
    assert browser.find_element(By.ID, "status").text == "solver ready"
    info = browser.find_element(By.ID, "info").text
    assert "cards in each hand: 3" in info and "tricks left" not in info  # 3 cards a hand, not 3 tricks
    [pos] = read_file(EXAMPLES / "dig-fight.hl")
    partner = "SENW"[(pos.dealer + 2) % 4]
    assert "dealer's partner" in browser.find_element(By.CSS_SELECTOR, f'.seat[data-seat="{partner}"] .seat-name').text
    titles = [o.text for o in Select(browser.find_element(By.ID, "picker")).options]
    assert not [x for x in titles if "--" in x or re.search(r"example:\S", x)], titles  # no command line in the picker


def test_a_click_plays_and_the_values_update(server, browser, tmp_path):
    open_example(browser, server, "dig-fight")
    moves_shown(browser)
    card(browser, "W", "S4").click()  # S4 alone is a legal play and no other holds it: played at once
    wait(browser, lambda d: to_play(d) == "S")
    [pos] = read_file(EXAMPLES / "dig-fight.hl")
    pos.play(pos.legal_plays()[0])
    path = tmp_path / "after.hl"
    path.write_text(write_position(pos))
    [cli] = cli_json(path, "--json")
    wait(browser, lambda d: list(moves_shown(d)) == [m["play"] for m in cli["moves"]])
    assert "W ♠4" in browser.find_element(By.ID, "center").text


def test_undo_redo_and_a_variation(server, browser):
    open_example(browser, server, "dig-fight")
    moves_shown(browser)
    card(browser, "W", "S4").click()
    wait(browser, lambda d: to_play(d) == "S")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    wait(browser, lambda d: to_play(d) == "W")
    card(browser, "W", "DK").click()  # DK or DK DK: a choice, so the Play button decides
    browser.find_element(By.ID, "play-button").click()
    wait(browser, lambda d: to_play(d) == "S" and "W ♦K" in d.find_element(By.ID, "center").text)
    browser.find_element(By.ID, "undo-button").click()
    wait(browser, lambda d: to_play(d) == "W")
    rows = browser.find_elements(By.CSS_SELECTOR, "#variations .var-row")
    assert [r.text.split()[0] for r in rows] == ["♠4", "♦K"]
    browser.find_element(By.ID, "redo-button").click()  # redo follows the last visited: DK
    wait(browser, lambda d: "W ♦K" in d.find_element(By.ID, "center").text)
    browser.find_element(By.ID, "undo-button").click()
    wait(browser, lambda d: to_play(d) == "W")
    browser.find_element(By.CSS_SELECTOR, "#variations .var-row .promote").click()
    wait(browser, lambda d: [r.text.split()[0] for r in d.find_elements(By.CSS_SELECTOR, "#variations .var-row")]
         == ["♦K", "♠4"])
    browser.find_elements(By.CSS_SELECTOR, "#variations .var-row .delete")[1].click()  # ♠4, now the second
    wait(browser, lambda d: [r.text.split()[0] for r in d.find_elements(By.CSS_SELECTOR, "#variations .var-row")]
         == ["♦K"])
    shoot(browser, "variations")
    browser.find_element(By.CSS_SELECTOR, "#variations .var-row .delete").click()  # the main line too: one click
    wait(browser, lambda d: find(d, "#undo-delete")).click()  # … and it is back, all of it
    wait(browser, lambda d: [r.text.split()[0] for r in d.find_elements(By.CSS_SELECTOR, "#variations .var-row")]
         == ["♦K"])
    browser.find_element(By.ID, "redo-button").click()
    wait(browser, lambda d: "W ♦K" in d.find_element(By.ID, "center").text)


def test_cards_no_legal_play_holds_are_dimmed(server, browser):
    open_example(browser, server, "strict-follow")
    moves_shown(browser)
    card(browser, "N", "C3").click()
    card(browser, "N", "C3").click()  # a pair of trumps led
    wait(browser, lambda d: to_play(d) == "W")
    card(browser, "W", "C4").click()
    card(browser, "W", "D2").click()
    wait(browser, lambda d: to_play(d) == "S" and d.execute_script("return board.st.view.to_play") == "S")
    for hide in (False, True):  # values shown or hidden; S must play its pair ♥2 ♥2: ♠4 is no play
        if hide:
            browser.find_element(By.ID, "hide").click()
        legal = {c for p in browser.execute_script("return board.st.view.legal") for c in p.split()}
        buttons = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, '.seat[data-seat="S"] button.card'))
        dimmed = {b.get_attribute("data-card"): "dimmed" in b.get_attribute("class") for b in buttons}
        assert dimmed == {c: c not in legal for c in dimmed} and any(dimmed.values())
        assert not browser.find_elements(By.CSS_SELECTOR, '.seat:not([data-seat="S"]) .card.dimmed')  # not to play
    browser.find_element(By.ID, "hide").click()


def test_a_strict_follow_pair_follow_is_built_by_selection(server, browser):
    open_example(browser, server, "strict-follow")
    moves_shown(browser)
    card(browser, "N", "C3").click()
    card(browser, "N", "C3").click()  # the pair: the only legal play holding both
    wait(browser, lambda d: to_play(d) == "W")
    card(browser, "W", "C4").click()
    card(browser, "W", "D2").click()  # a mixed follow of two trumps
    wait(browser, lambda d: to_play(d) == "S")
    card(browser, "S", "S4").click()  # S holds the pair ♥2 ♥2 and must play it: ♠4 is refused
    assert "no legal play holds these cards" in browser.find_element(By.ID, "selection").text
    assert not browser.find_elements(By.CSS_SELECTOR, ".selected")
    card(browser, "S", "H2").click()
    card(browser, "S", "H2").click()
    wait(browser, lambda d: to_play(d) == "E")
    assert "S ♥2 ♥2" in browser.find_element(By.ID, "center").text


# -- a hand record, reviewed: its marks, its graph, learning from the mistakes --------------------------

FLAGGED = ("inaccuracy", "mistake", "blunder")
REVIEW_WAIT = 600  # seconds a whole-hand review may take here, with the board's own workers beside it


def review_done(driver) -> None:
    wait(driver, lambda d: d.execute_script("const r = board.st.review; return !!r && r.state === 'done'"),
         timeout=REVIEW_WAIT)


def current_ply(driver) -> str | None:
    p = find(driver, "#plays-list .ply.current")
    return p.get_attribute("data-ply") if p else None


def test_a_hand_record_is_reviewed_as_review_json_with_its_graph(server, browser):
    open_example(browser, server, "hand-record")
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(20):
        body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: current_ply(d) == "19")  # 20 plays made: the last of them, ply 19, highlighted
    wait(browser, lambda d: find(d, "#review-state progress"))  # the review runs: its progress shown
    review_done(browser)
    [cli] = cli_json("review", EXAMPLES / "hand-record.hl", "--json", "--workers", "2")
    classes = {int(e.get_attribute("data-ply")): e.get_attribute("data-class")
               for e in browser.find_elements(By.CSS_SELECTOR, "#plays-list .ply")}
    assert classes == {p["ply"]: p["class"] or "forced" for p in cli["plays"]}  # the page shows review --json
    marked = [p for p in cli["plays"] if p["class"] in FLAGGED]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#plays-list .ply.inaccuracy, #plays-list .ply.mistake, "
                                                      "#plays-list .ply.blunder")) == len(marked)
    rows = {r.get_attribute("data-who"): r.text.split() for r in browser.find_elements(By.CSS_SELECTOR, "#summary-table tr[data-who]")}
    for who, row in rows.items():
        assert str(round(cli["summary"][who]["accuracy"])) in row
    # the graph: axes labelled, a band for the standard error, a dot for every marked play, the value at the marker
    graph = browser.find_element(By.ID, "graph")
    assert "trick" in graph.text and "attackers' points" in graph.text
    assert browser.find_elements(By.CSS_SELECTOR, "#graph-svg polygon.se-band")
    assert browser.find_elements(By.CSS_SELECTOR, "#graph-svg line.threshold")  # 120: a thin line, there
    dots = browser.find_elements(By.CSS_SELECTOR, "#graph-svg circle.mark-dot")
    assert sorted(int(d.get_attribute("data-ply")) for d in dots) == sorted(p["ply"] for p in marked)
    readout = browser.find_element(By.ID, "graph-readout").text  # the value at the marker: before ply 20
    assert readout.startswith("trick 6") and ("±" in readout or "forced" in readout)
    shoot(browser, "review")
    target = max(p["ply"] for p in marked)
    browser.execute_script("document.querySelector(`#graph-svg circle.mark-dot[data-ply='${arguments[0]}']`)"
                           ".dispatchEvent(new MouseEvent('click', {bubbles: true}))", target)
    wait(browser, lambda d: current_ply(d) == str(target))  # a dot takes you to its play
    judged = next(p for p in cli["plays"] if p["ply"] == target)
    verdict = browser.find_element(By.ID, "ply-verdict").text
    assert judged["class"] in verdict and "points lost" in verdict
    wait(browser, lambda d: d.execute_script(  # click the graph at its right end: go to the end of the hand
        "const s = document.getElementById('graph-svg'), r = s.getBoundingClientRect();"
        "s.dispatchEvent(new MouseEvent('click', {clientX: r.right - 2, clientY: r.top + 20, bubbles: true}));"
        "return true;"))
    wait(browser, lambda d: "Result" in d.find_element(By.ID, "verdict").text)


def test_learning_from_a_seats_mistakes(server, browser):
    open_example(browser, server, "hand-record")
    review_done(browser)
    seat = Select(wait(browser, lambda d: find(d, "#learn-seat"))).first_selected_option.get_attribute("value")
    browser.find_element(By.ID, "learn-button").click()
    wait(browser, lambda d: find(d, "#learn-state"))
    learn = browser.execute_script("return board.st.learn")
    before = str(learn["plies"][0] - 1) if learn["plies"][0] else None  # the play before the mistake, highlighted
    assert learn["seat"] == seat and current_ply(browser) == before
    # the values are hidden and the table is the seat's own sight of it
    assert not find(browser, "#graph") and not browser.find_elements(By.CSS_SELECTOR, "#plays-list .ply.judged")
    assert len(browser.find_elements(By.CSS_SELECTOR, ".seat .hidden-hand")) >= 3
    # nor what came after: no later play in the list, no variation showing the play made
    later = [int(e.get_attribute("data-ply")) for e in browser.find_elements(By.CSS_SELECTOR, "#plays-list .ply")]
    assert later and max(later) < learn["plies"][0] and not browser.find_element(By.ID, "variations").is_displayed()
    best = browser.execute_script("return board.st.review.plays.get(board.st.learn.plies[0]).plays[0].play")
    shoot(browser, "learn")
    browser.set_window_size(1280, 760)  # a laptop's window: the learning panel sits below the fold
    for token in best.split(" "):
        card(browser, seat, token).click()
    if find(browser, "#play-button") and browser.find_element(By.ID, "play-button").is_enabled():
        browser.find_element(By.ID, "play-button").click()
    verdict = wait(browser, lambda d: find(d, "#learn-verdict"))
    assert "as good as the best" in verdict.text
    top, bottom, height = browser.execute_script(
        "const r = arguments[0].getBoundingClientRect(); return [r.top, r.bottom, window.innerHeight]", verdict)
    assert 0 <= top and bottom <= height + 1  # the verdict of the try is brought into view
    browser.set_window_size(1280, 1000)
    assert current_ply(browser) == before  # a try is judged, not played
    assert "Played:" in browser.find_element(By.ID, "learn-answer").text
    shoot(browser, "learn-verdict")
    # a try no better than the play made on the same samples is not praised, whatever its distance to the best
    other = browser.execute_script(
        "const p = board.st.review.plays.get(board.st.learn.plies[0]);"
        "const made = p.plays.find((x) => x.play === p.play);"
        "const o = p.plays.find((x) => x.play !== p.play && x.play !== p.plays[0].play);"
        "if (!o) return null; o.score = made.score - 0.5; return o.play;")
    if other:
        browser.find_element(By.ID, "learn-again").click()
        for token in other.split(" "):
            card(browser, seat, token).click()
        if find(browser, "#play-button") and browser.find_element(By.ID, "play-button").is_enabled():
            browser.find_element(By.ID, "play-button").click()
        assert "no better than the play made" in wait(browser, lambda d: find(d, "#learn-verdict")).text
    browser.find_element(By.ID, "learn-stop").click()
    wait(browser, lambda d: not find(d, "#learn") and find(d, "#graph"))
    assert browser.execute_script("return board.S.viewer") == ""


def test_switching_the_language_keeps_a_finished_review(server, browser):
    open_example(browser, server, "hand-record")
    review_done(browser)
    english = browser.execute_script("return [...board.st.review.plays.values()].map((p) => p.class)")
    try:
        Select(browser.find_element(By.ID, "lang")).select_by_value("zh")  # the page reloads in Chinese
        wait(browser, lambda d: "复盘" in d.find_element(By.ID, "review").text)
        assert not find(browser, "#review-state progress")  # not judged again: the verdicts are kept
        assert browser.execute_script("return [...board.st.review.plays.values()].map((p) => p.class)") == english
    finally:
        browser.execute_script('localStorage.removeItem("huolong-lang"); sessionStorage.clear()')


def play_by_clicks(driver, play: str) -> None:
    """The cards of a legal play, clicked: it is made when they make one (else by the Play button)."""
    plies = driver.execute_script("return board.playsAt(board.S.path).length")
    for token in play.split(" "):
        card(driver, to_play(driver), token).click()
    if find(driver, "#play-button") and driver.find_element(By.ID, "play-button").is_enabled():
        driver.find_element(By.ID, "play-button").click()
    wait(driver, lambda d: d.execute_script("return board.playsAt(board.S.path).length") > plies)


def test_a_records_own_plays_cannot_be_deleted_and_home_end_leave_the_page_still(server, browser):
    open_example(browser, server, "hand-record")
    rows = wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#variations .var-row"))
    assert len(rows) == 1 and "the record's play" in rows[0].text and not rows[0].find_elements(By.CSS_SELECTOR, ".delete")
    other = browser.execute_script("const v = board.st.view; return v.legal.find((p) => p !== v.main_line[0])")
    play_by_clicks(browser, other)  # a variation of the record
    ActionChains(browser).send_keys(Keys.ARROW_LEFT).perform()
    wait(browser, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#variations .var-row")) == 2)
    record, variation = browser.find_elements(By.CSS_SELECTOR, "#variations .var-row")
    assert not record.find_elements(By.CSS_SELECTOR, ".delete") and not variation.find_elements(By.CSS_SELECTOR, ".promote")
    variation.find_element(By.CSS_SELECTOR, ".delete").click()
    wait(browser, lambda d: find(d, "#undo-delete"))  # a deletion can be taken back
    assert len(browser.find_elements(By.CSS_SELECTOR, "#plays-list .ply")) == 104  # the record, whole
    browser.execute_script("window.scrollTo(0, 300)")
    y = browser.execute_script("return window.scrollY")
    assert y > 0
    ActionChains(browser).send_keys(Keys.END).perform()
    wait(browser, lambda d: current_ply(d) == "103")
    assert browser.execute_script("return window.scrollY") == y  # the board took the key, not the page
    ActionChains(browser).send_keys(Keys.HOME).perform()
    wait(browser, lambda d: browser.execute_script("return board.S.path.length") == 0)
    assert browser.execute_script("return window.scrollY") == y


def test_the_39_card_start_and_the_bury_view_fit_a_phone(server, browser):
    browser.set_window_size(400, 900)
    try:
        open_example(browser, server, "hand-record")
        wait(browser, lambda d: find(d, ".seat.to-play button.card"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 400
        sizes = browser.execute_script(
            "return [...document.querySelectorAll('.seat.to-play button.card')].map(b => [b.offsetWidth, b.offsetHeight])")
        assert len(sizes) == 39 and all(w >= 32 and h >= 32 for w, h in sizes)  # tap targets
        shoot(browser, "record")
        open_example(browser, server, "before-bury")
        wait(browser, lambda d: find(d, "#kitty"))
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 400
        shoot(browser, "bury")
        open_example(browser, server, "dig-fight")
        moves_shown(browser)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 400
        top = lambda css: browser.execute_script(f"return document.querySelector('{css}').getBoundingClientRect().top")
        # on a phone the verdict and the move table come right after the table, before the options
        assert top("#table") < top("#verdict") < top("#moves-table") < top(".nav") or \
            top("#table") < top(".nav") < top("#verdict") < top("#moves-table")
        assert top("#moves-table") < top(".options") and top("#moves-table") < top(".game-options")
        shoot(browser, "table")
    finally:
        browser.set_window_size(1280, 1000)


def test_a_reload_keeps_the_position(server, browser):
    open_example(browser, server, "dig-fight")
    moves_shown(browser)
    card(browser, "W", "S4").click()
    wait(browser, lambda d: to_play(d) == "S")
    browser.refresh()
    wait(browser, lambda d: find(d, ".seat.to-play") is not None and to_play(d) == "S")
    assert "W ♠4" in browser.find_element(By.ID, "center").text


# -- a budget, advice, burials ---------------------------------------------------------------------


def test_a_budget_stopped_position_shows_its_bounds(server, browser):
    text = write_position(random_endgame(random.Random(11), 13, kinds=54))  # ~1 s proves a floor, not the value
    open_text(browser, server, text)
    budget = wait(browser, lambda d: find(d, "#budget"))
    budget.send_keys(Keys.CONTROL, "a")
    budget.send_keys("1", Keys.TAB)  # a budget of one second
    assert browser.execute_script("return board.S.seconds") == 1
    stopped = wait(browser, lambda d: find(d, "#stopped"))
    assert "Stopped (time limit)" in stopped.text
    answer = browser.execute_script("return board.st.analysis")["stopped"]  # what the server sent the page
    verdict = browser.find_element(By.ID, "verdict").text
    for bound in ("at_least", "at_most"):
        if answer[bound]:
            assert f"{'at least' if bound == 'at_least' else 'at most'} {answer[bound]['points']}" in verdict
    # in place of the play table: every play with what was proved of it, as the server sent it
    table = wait(browser, lambda d: find(d, "#bounds-table"))
    rows = table.find_elements(By.CSS_SELECTOR, "tr[data-play]")
    assert [r.get_attribute("data-play") for r in rows] == [m["play"] for m in answer["moves"]]
    for row, move in zip(rows, answer["moves"], strict=True):
        cells = [c.text for c in row.find_elements(By.TAG_NAME, "td")]
        for cell, bound in zip(cells[1:3], (move["at_least"], move["at_most"])):
            assert cell.startswith(str(bound["points"])) if bound else cell == "—"
        assert ("✗" in cells[3]) == move["proven_worse"] and ("✓" in cells[3]) == move["proven_best"]
    assert "proven worse" in find(browser, "#bounds-legend").text
    assert answer["at_least"] or answer["at_most"] or answer["finished"] or answer["nodes"]
    assert find(browser, "#advise-button") is not None  # advice is offered instead
    shoot(browser, "stopped")
    browser.set_window_size(400, 900)
    try:
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 400
        shoot(browser, "stopped")
    finally:
        browser.set_window_size(1280, 1000)


def test_advice_is_started_and_cancelled(server, browser):
    open_example(browser, server, "hand-record")
    body = browser.find_element(By.TAG_NAME, "body")
    for _ in range(8):
        body.send_keys(Keys.ARROW_RIGHT)
    Select(browser.find_element(By.ID, "viewer")).select_by_value("W")  # W leads the third trick
    # the ranking may settle within one poll: a poll that says the job is over is held back until the
    # click has been made, so the page is caught running whatever the machine's speed
    browser.execute_script("""
      window.deleted = []; let release; window.held = new Promise((r) => { release = r; }); window.release = release;
      const plain = window.fetch;
      window.fetch = async (url, opts) => {
        const method = (opts && opts.method) || 'GET';
        if (method === 'DELETE') window.deleted.push(String(url));
        const answer = await plain(url, opts);
        if (method === 'GET' && String(url).includes('/api/jobs/')) {
          const state = (await answer.clone().json()).state;
          if (['done', 'error', 'cancelled'].includes(state)) await window.held;
        }
        return answer;
      };""")
    wait(browser, lambda d: find(d, "#advise-button")).click()
    # the panel is redrawn at every poll: a button found may be gone by the click, so click again
    wait(browser, lambda d: (button := find(d, "#advice-cancel")) is not None and (button.click() or True))
    assert any("/api/jobs/" in url for url in browser.execute_script("return window.deleted"))
    browser.execute_script("window.release()")
    # the server's side of a cancel (the answer it had) is tested in test_board_api
    wait(browser, lambda d: find(d, "#advice-state") and any(
        word in d.find_element(By.ID, "advice-state").text for word in ("cancelled", "done")))
    assert find(browser, "#advice-cancel") is None and find(browser, "#advice-table") is not None
    wide, room = browser.execute_script("const p = document.getElementById('advice'); return [p.scrollWidth, p.clientWidth]")
    assert wide <= room  # at 1280 px the table fits its panel: the swing column was cut off behind a scrollbar
    # the hint's one sentence, as the terminal gives it: the play, and how sure the deals are of it
    assert browser.find_element(By.ID, "advice-verdict").text.startswith(("Play ", "Stopped"))  # cancelled: what it had
    shoot(browser, "advice")
    assert "face down" in browser.find_element(By.ID, "verdict").text
    shoot(browser, "single-seat")


def test_burials_are_ranked_and_one_is_applied(server, browser):
    open_example(browser, server, "before-bury-known")
    assert "Before the bury" in browser.find_element(By.ID, "title").text
    wait(browser, lambda d: find(d, "#bury-button")).click()
    wait(browser, lambda d: find(d, "#bury-table button.apply"), timeout=300)
    wide, room, button = browser.execute_script(  # one look: the panel is redrawn as the job goes on
        "const p = document.getElementById('burials'); return [p.scrollWidth, p.clientWidth, p.querySelector('button.apply').offsetHeight]")
    assert wide <= room and button < 40  # no scrollbar, the button on one line
    broken = browser.execute_script("""return [...document.querySelectorAll('#bury-table td:not(:first-child):not(:last-child)')]
        .filter((td) => { const r = document.createRange(); r.selectNodeContents(td); return r.getClientRects().length > 1; })
        .map((td) => td.textContent)""")
    assert broken == []  # each number on one line with its ± (it read "135.9 ± / 1.6" at 1280 px)
    shoot(browser, "burials")
    # the panel is redrawn while the job goes on: a button found may be gone by the click, so click again
    wait(browser, lambda d: (button := find(d, "#bury-table button.apply")) is not None and (button.click() or True))
    wait(browser, lambda d: find(d, "#moves-table") or find(d, "#verdict") and "Stopped" in d.find_element(
        By.ID, "verdict").text)
    # the page may still be redrawing (the values stop at their budget): each look is made again if so
    assert wait(browser, lambda d: find(d, "#kitty") is None and to_play(d) == "S")
    title = wait(browser, lambda d: d.find_element(By.ID, "title").text)
    assert "Before the bury" not in title and title.startswith("After the bury: S (dealer) buried")


def test_six_cards_clicked_are_buried(server, browser):
    open_example(browser, server, "before-bury-known")
    wait(browser, lambda d: find(d, "#kitty button.card"))
    button = browser.find_element(By.ID, "play-button")
    assert button.text == "Bury" and not button.is_enabled()
    cards = browser.find_elements(By.CSS_SELECTOR, '.seat[data-seat="S"] button.card')
    picked = cards[:3] + cards[-3:]  # three of the hand, three of the kitty
    chosen = [c.get_attribute("data-card") for c in picked]
    for c in picked:
        c.click()
    assert "6 of 6" in browser.find_element(By.ID, "selection").text and button.is_enabled()
    shoot(browser, "bury-by-click")
    cards[3].click()  # a seventh is refused
    assert "already" in browser.find_element(By.ID, "selection").text
    button.click()
    wait(browser, lambda d: find(d, "#kitty") is None and find(d, ".seat.to-play") is not None)
    bottom = browser.execute_script("return board.st.view.bottom")
    assert sorted(bottom) == sorted(chosen)


# -- entering and opening deals --------------------------------------------------------------------


def open_text(driver, url: str, text: str) -> None:
    driver.get(url)
    wait(driver, lambda d: find(d, "#open-button")).click()
    area = wait(driver, lambda d: find(d, "#open-text"))
    driver.execute_script("arguments[0].value = arguments[1];", area, text)
    driver.find_element(By.ID, "open-go").click()


def test_a_malformed_upload_shows_the_error_and_the_page_still_works(server, browser):
    open_text(browser, server, '[Level "3"]\n[Level "4"]\n')
    error = wait(browser, lambda d: find(d, "#open-error"))
    assert error.text.startswith("error: <pasted>:2: ")
    shoot(browser, "error")
    browser.find_element(By.CSS_SELECTOR, "#open-dialog button[value=cancel]").click()
    card(browser, "W", "S4").click()  # the board goes on as before (dig-fight, the first position shown)
    wait(browser, lambda d: to_play(d) == "S")


def test_the_editor_builds_dig_fight_and_its_export_reads_back(server, browser):
    [dig] = read_file(EXAMPLES / "dig-fight.hl")
    browser.get(server)
    open_editor(browser)
    for field, value in (("ed-level", "Q"), ("ed-trump", "C"), ("ed-dealer", "S"), ("ed-leader", "W")):
        Select(browser.find_element(By.ID, field)).select_by_value(value)
    points = browser.find_element(By.ID, "ed-points")
    points.clear()
    points.send_keys("145")
    for seat in "SENW":
        browser.find_element(By.ID, f"ed-{seat}").send_keys(str(dig.hands["SENW".index(seat)]))
    browser.find_element(By.CSS_SELECTOR, 'input[name=ed-target][value=bottom]').click()
    for token in ("SJ", "H9", "H7", "H3", "CA", "C6"):  # the bottom from the picker of kinds (redrawn each time)
        wait(browser, lambda d: d.find_element(By.CSS_SELECTOR, f'#ed-kinds button[data-kind="{token}"]').click() or True)
        wait(browser, lambda d: token[1] in d.find_element(By.ID, "ed-bottom").get_attribute("value").upper())
    wait(browser, lambda d: "6 cards" in d.find_element(By.ID, "ed-bottom-state").text)
    shoot(browser, "editor")
    browser.find_element(By.ID, "ed-export").click()
    exported = wait(browser, lambda d: (e := find(d, "#ed-text")) is not None and e.get_attribute("value") and e)
    [pos] = read_positions(exported.get_attribute("value"))
    assert pos.endgame() == dig.endgame()
    browser.find_element(By.ID, "ed-build").click()
    assert moves_shown(browser)["S4"]


def test_the_editor_names_suits_by_symbol_flags_a_card_over_used_and_takes_an_endgame_without_bottom(server, browser):
    browser.get(server)
    open_editor(browser)
    trumps = [o.text for o in Select(browser.find_element(By.ID, "ed-trump")).options]
    assert trumps == ["♠", "♥", "♦", "♣"]  # not S H D C beside seat lists where S is South
    browser.find_element(By.ID, "ed-S").send_keys("AAAA.-.-.-")
    state = wait(browser, lambda d: (e := find(d, "#ed-S-state")) is not None and e.text and e)
    assert "bad" in state.get_attribute("class") and state.text == "♠A: 4 given, only 3 in the packs"
    over = wait(browser, lambda d: find(d, "#ed-over"))
    assert over.text == "♠A: 4 given, only 3 in the packs"
    assert "1 too many" in browser.find_element(By.CSS_SELECTOR, '#ed-kinds button[data-kind="SA"]').text
    browser.find_element(By.ID, "ed-S").clear()
    # the format's four-card endgame, entered without its bottom
    for field, value in (("ed-level", "3"), ("ed-trump", "H"), ("ed-dealer", "N"), ("ed-leader", "S")):
        Select(browser.find_element(By.ID, field)).select_by_value(value)
    points = browser.find_element(By.ID, "ed-points")
    points.clear()
    points.send_keys("95")
    for seat, hand in zip("SENW", ("AA.2.-.-.B", "K.T5.-.3", "Q.A.-.-.LL", "55.K.3.-")):
        browser.find_element(By.ID, f"ed-{seat}").send_keys(hand)
    assert "empty" in browser.find_element(By.ID, "ed-bottom").get_attribute("placeholder")
    wait(browser, lambda d: not find(d, "#ed-over"))
    browser.find_element(By.ID, "ed-build").click()
    [cli] = cli_json(EXAMPLES / "format-example.hl", "--json")  # its bottom holds points: only the plays agree
    wait(browser, lambda d: set(moves_shown(d)) == {m["play"] for m in cli["moves"]})
    assert browser.execute_script("return board.st.view.bottom_points") == 0  # six cards worth nothing
    shoot(browser, "editor-endgame")


def test_screenshots_at_a_phones_width(server, browser):
    browser.set_window_size(400, 900)
    try:
        open_example(browser, server, "hand-record")
        review_done(browser)
        assert browser.execute_script("return document.documentElement.scrollWidth") <= 400
        shoot(browser, "review")
        Select(browser.find_element(By.ID, "viewer")).select_by_value("W")
        wait(browser, lambda d: "face down" in d.find_element(By.ID, "verdict").text)
        shoot(browser, "single-seat")
        browser.get(server)
        open_editor(browser)
        shoot(browser, "editor")
    finally:
        browser.set_window_size(1280, 1000)
    assert {"single-seat-400.png", "editor-400.png", "review-400.png"} <= {p.name for p in SHOTS.iterdir()}


def ascii_punctuation(text: str) -> list[str]:
    """Where Chinese text uses an ASCII comma, colon or semicolon between its words (a card, a number or a
    Chinese word before it): Chinese takes the full-width ones."""
    return re.findall(r"[^\x00-\x7f\s][,:;] |[^\x00-\x7f\s]\d*[,:;] \S", text)


def test_the_language_switch_puts_the_page_in_chinese(server, browser):
    from test_i18n import english_left, tag_values

    open_example(browser, server, "dig-fight")
    assert browser.find_element(By.ID, "last-trick-button").text == "Last trick"  # each label its own message
    Select(browser.find_element(By.ID, "lang")).select_by_value("zh")  # the page reloads in Chinese
    try:
        wait(browser, lambda d: d.find_element(By.ID, "best-button").text == "最佳出牌")
        wait(browser, lambda d: "最佳打法" in d.find_element(By.ID, "verdict").text)
        assert "西首出" in browser.find_element(By.ID, "center").text
        assert "最佳" in moves_shown(browser)["S4"]
        assert browser.find_element(By.ID, "last-trick-button").text == "上一轮"
        body = browser.find_element(By.TAG_NAME, "body").text
        assert english_left(body, tag_values()) == [] and "attackers" not in body and "(outcome)" not in body
        shoot(browser, "chinese")
        browser.set_window_size(400, 900)
        shoot(browser, "chinese")
        open_text(browser, server, '[Level "3"]\n[Level "4"]\n')
        error = wait(browser, lambda d: find(d, "#open-error"))
        assert error.text.startswith("错误：<粘贴的文本>:2") and "标签 Level 重复" in error.text
        browser.set_window_size(1280, 1000)
        open_example(browser, server, "hand-record")  # the review of a hand record, in Chinese
        review_done(browser)
        review = browser.find_element(By.ID, "review").text + browser.find_element(By.ID, "graph").text
        assert "复盘" in review and "准确率" in review and "抓分方得分" in review
        assert english_left(browser.find_element(By.TAG_NAME, "body").text, tag_values()) == []
        browser.find_element(By.ID, "last-trick-button").click()
        wait(browser, lambda d: find(d, "#last-trick"))
        body = browser.find_element(By.TAG_NAME, "body").text
        assert ascii_punctuation(body) == []  # "上一轮：南 大王 大王，东 ♥7 ♣2", "→ 北，20 分": full-width
        shoot(browser, "review-chinese")
        browser.set_window_size(400, 900)
        shoot(browser, "review-chinese")
    finally:
        browser.set_window_size(1280, 1000)
        browser.execute_script('localStorage.removeItem("huolong-lang")')


def test_a_hand_against_the_computer_on_the_board(server, browser):
    browser.get(server)
    wait(browser, lambda d: find(d, "#game-start"))
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    seed = next(s for s in range(1, 100) if deal_hand(random.Random(f"board-deal:{s}")).dealer == 0)  # you deal
    browser.find_element(By.ID, "game-seed").send_keys(str(seed))
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    browser.find_element(By.ID, "game-start").click()
    wait(browser, lambda d: d.execute_script("return board.st.game !== null && !!board.st.view && board.st.view.viewer"))
    top = browser.execute_script("return document.getElementById('table').getBoundingClientRect().top")
    assert 0 <= top < 400  # the new game's table is in view, not left above the scrolled page
    shot = False
    for _ in range(200):  # every turn of yours until the hand is over; the computer plays the others
        ready = ("const b = board, v = b.st.view; return b.st.game !== null && !b.st.game.busy"
                 " && v === b.st.views.get(b.key()) && (v.over || !b.gameWaits())")
        wait(browser, lambda d: d.execute_script(ready), timeout=120)  # the page shows the position it is at
        state = wait(browser, lambda d: find(d, "#game-state"))
        if find(browser, "#game-review"):
            break
        if find(browser, "#game-bury-text"):  # you deal: six of your 45 cards, clicked, then Bury
            for button in browser.find_elements(By.CSS_SELECTOR, ".seat.to-play button.card")[:6]:
                button.click()
            browser.find_element(By.ID, "game-bury").click()  # the panel's Bury takes the clicked cards too
            wait(browser, lambda d: not find(d, "#game-bury-text"))
            continue
        assert state.text.startswith("Your turn")
        if browser.execute_script("const v = board.st.view; return !v.trick.length && !!v.last_trick"):
            # the trick just finished stays on the table, faded, with who won it, until the next play
            assert len(browser.find_elements(By.CSS_SELECTOR, "#center .tplay.done")) == 4
            assert " won the trick (" in browser.find_element(By.ID, "trick-won").text
        hinted = not shot
        if not shot:
            browser.find_element(By.ID, "game-hint").click()  # a hint asked for, then played on without waiting
            wait(browser, lambda d: d.execute_script("return !!board.st.adviceJob"))
            shoot(browser, "game")
            shot = True
        play = browser.execute_script("return board.st.view.legal[0]")
        plies = browser.execute_script("return board.playsAt(board.S.path).length")
        for token in play.split(" "):  # the cards of a legal play, clicked: the play is made when they make one
            card(browser, to_play(browser), token).click()
        if find(browser, "#play-button") and browser.find_element(By.ID, "play-button").is_enabled():
            browser.find_element(By.ID, "play-button").click()
        wait(browser, lambda d: d.execute_script("return board.playsAt(board.S.path).length") > plies)
        if hinted:  # moving on stopped the hint: it no longer holds the worker the computer players need
            assert browser.execute_script("return board.st.adviceJob") is None
    assert browser.execute_script("return board.st.view.over")
    browser.find_element(By.ID, "game-review").click()
    wait(browser, lambda d: find(d, "#record") and len(d.find_elements(By.CSS_SELECTOR, "#record .ply")) > 100)
    shoot(browser, "game-review")



def my_turn_played(browser) -> str:
    """Wait for the game on the board to reach you (or a question, or the hand's end); answer it. What it was:
    "asked" (the declaration while dealing: yes), "over" (the hand was added to the game), "jokers" (扣王: none
    buried), "bury" or "play"."""
    ready = ("const b = board, v = b.st.view, w = b.st.whole; return (!!w && (!!w.question || !!w.result)) ||"
             " (!!b.st.game && !b.st.game.busy && v === b.st.views.get(b.key()) && !v.over && !b.gameWaits())")
    wait(browser, lambda d: d.execute_script(ready), timeout=180)
    if find(browser, "#whole-yes"):
        browser.find_element(By.ID, "whole-yes").click()
        wait(browser, lambda d: not find(d, "#whole-yes") or d.execute_script("return !!board.st.whole.question"))
        return "asked"
    if find(browser, "#whole-result"):
        return "over"
    if find(browser, "#game-swap-0"):
        browser.find_element(By.ID, "game-swap-0").click()
        wait(browser, lambda d: not find(d, "#game-swap-0"))
        return "jokers"
    if find(browser, "#game-bury-text"):
        for button in browser.find_elements(By.CSS_SELECTOR, ".seat.to-play button.card")[:6]:
            button.click()
        browser.find_element(By.ID, "game-bury").click()
        wait(browser, lambda d: not find(d, "#game-bury-text"))
        return "bury"
    play_by_clicks(browser, browser.execute_script("return board.st.view.legal[0]"))
    return "play"


def test_a_whole_game_on_the_board_keeps_the_score_resumes_and_reviews_each_hand(server, browser):
    browser.get(server)
    browser.execute_script('localStorage.removeItem("huolong-whole-game")')
    browser.get(server)
    wait(browser, lambda d: find(d, "#game-start"))
    assert not find(browser, "#game-resume")
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    Select(browser.find_element(By.ID, "game-length")).select_by_value("game")
    browser.find_element(By.ID, "game-seed").send_keys("3")  # S is asked: two big jokers, after E declared
    browser.set_window_size(400, 900)  # a phone: the question asked while dealing comes into view
    browser.execute_script("window.scrollTo(0, document.documentElement.scrollHeight)")
    browser.find_element(By.ID, "game-start").click()
    asked = wait(browser, lambda d: find(d, "#whole-yes"))
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", asked)
    assert 0 <= top < 900 and "BJ BJ" in browser.find_element(By.ID, "game").text  # the cards so far, drawn
    assert "E declared with a big joker" in browser.find_element(By.ID, "whole-question").text  # who is overridden
    assert asked.text == "Override"  # 反主, not a first declaration's "Declare"
    assert not browser.find_element(By.ID, "table").is_displayed()  # no hand on the table while dealing
    shoot(browser, "whole-game-question")
    browser.set_window_size(1280, 1000)
    assert my_turn_played(browser) == "asked"
    declared = wait(browser, lambda d: (shown := find(d, "#whole-declaration")) and shown.text)
    assert "S showed two big jokers while dealing, overriding E" in declared
    while my_turn_played(browser) != "over":  # hand 1, to its end: the bury, every play
        pass
    assert browser.find_element(By.ID, "table").is_displayed()  # the hand dealt, on the table
    score = browser.find_element(By.ID, "whole-score").text
    assert score.startswith("After hand 1 · S–N at ") and "deals next" in score
    after = browser.find_element(By.ID, "whole-after").text
    assert "deals next" in after and find(browser, "#whole-next") and find(browser, "#whole-download")
    saved = browser.execute_script('return JSON.parse(localStorage.getItem("huolong-whole-game"))')
    assert saved["state"]["hands"] == 1 and saved["game"].startswith('[Game "huolong-solve"]')
    shoot(browser, "whole-game")
    browser.set_window_size(400, 900)
    shoot(browser, "whole-game")
    browser.set_window_size(1280, 1000)
    browser.find_element(By.ID, "whole-review").click()  # the hand reviewed, the game's panel kept
    wait(browser, lambda d: find(d, "#record") and len(d.find_elements(By.CSS_SELECTOR, "#record .ply")) > 100)
    browser.find_element(By.ID, "whole-next").click()
    wait(browser, lambda d: d.execute_script("return !!board.st.game && board.st.whole.hand === 2"))
    assert browser.find_element(By.ID, "whole-score").text.startswith("Hand 2 · S–N at ")
    while browser.execute_script("return board.playsAt(board.S.path).length") < 8:
        assert my_turn_played(browser) in ("play", "bury")
    plays = browser.execute_script("return board.playsAt(board.S.path)")
    wait(browser, lambda d: d.execute_script(
        'return JSON.parse(localStorage.getItem("huolong-whole-game")).current.plays.length') >= len(plays))
    browser.get(server)  # the tab closed and opened again: the game is offered, in Chinese too
    Select(wait(browser, lambda d: find(d, "#lang") and d.find_element(By.ID, "lang"))).select_by_value("zh")
    try:
        resume = wait(browser, lambda d: find(d, "#game-resume"))
        assert resume.text.startswith("接着打整盘（第 2 局")
        resume.click()
        wait(browser, lambda d: d.execute_script("return !!board.st.whole && board.playsAt(board.S.path).length")
             >= len(plays))
        assert browser.execute_script("return board.playsAt(board.S.path)")[: len(plays)] == plays
        assert browser.find_element(By.ID, "whole-score").text.startswith("第 2 局 · 南北打 ")
        shoot(browser, "whole-game-chinese")
        browser.set_window_size(400, 900)
        shoot(browser, "whole-game-chinese")
    finally:
        browser.set_window_size(1280, 1000)
        browser.execute_script('localStorage.removeItem("huolong-lang"); localStorage.removeItem("huolong-whole-game")')


def a_game_one_hand_from_its_end(seed: int):
    """A game (you at S, the others random) and its last hand as the board will play it — S clicking its first
    legal play, the others' moves from the board's streams — that ends the game: (the saved game, the winner's
    team). Found by playing the game in Python hand by hand and trying the board's version of each next hand."""
    from huolong.board.wholegame import next_hand, state_dict
    from huolong.bots.game import play_game
    from huolong.bots.policy import policy_of
    from huolong.bots.table import decide_bury, decide_play
    from huolong.engine.gamefile import GameHeader, read_game_text

    header = GameHeader(seed=seed, players=("you", "random", "random", "random"),
                        tags=(("Event", f"huolong-solve board game, seed {seed}"),))
    random_policy = policy_of("random")
    for hands in range(0, 150):
        game = play_game(header, [random_policy] * 4, max_hands=hands) if hands else None
        text = game.text() if game else None
        if game and game.state.over:
            return None
        if not game:
            continue  # the first hand asks questions while dealing: start from the second
        nxt = next_hand({"game": text})
        [deal] = read_positions(nxt["deal"])
        if deal.dealer == 0:
            continue
        hand_seed = seed * 1000 + nxt["hand"]
        pos = decide_bury(deal, random_policy, random.Random(f"board-game:{hand_seed}:0"))
        plies = 0
        while not pos.is_over():
            play = pos.legal_plays()[0] if pos.to_play == 0 else decide_play(
                pos, random_policy, random.Random(f"board-game:{hand_seed}:{plies}"))
            pos.play(play)
            plies += 1
        after = game.state.after(pos.result(), pos.dealer, pos.trump)
        if after.over:
            saved = {"game": text, "state": state_dict(read_game_text(text)), "seat": "S", "policy": "random",
                     "seed": seed, "answers": [], "question": None, "result": None, "hand": game.state.hands,
                     "declaration": None, "current": None}
            return saved, ("SN", "EW")[after.winner]
    return None


def test_a_whole_game_on_the_board_is_played_to_its_end(server, browser):
    import json

    saved, winner = next(found for s in range(1, 40) if (found := a_game_one_hand_from_its_end(s)))
    browser.get(server)
    browser.execute_script("localStorage.setItem('huolong-whole-game', arguments[0])", json.dumps(saved))
    browser.get(server)  # a game kept in this browser, one hand from its end
    wait(browser, lambda d: find(d, "#game-resume")).click()
    while my_turn_played(browser) != "over":
        pass
    text = wait(browser, lambda d: find(d, "#whole-winner")).text
    assert text.startswith(("S–N" if winner == "SN" else "E–W") + " win the game")
    assert browser.find_element(By.ID, "whole-score").text.startswith("After hand ")
    assert not find(browser, "#whole-next") and find(browser, "#whole-review") and not find(browser, "#game-resume")
    shoot(browser, "whole-game-over")
    browser.get(server)  # a finished game is not offered again
    wait(browser, lambda d: find(d, "#game-start"))
    assert not find(browser, "#game-resume")
    browser.execute_script('localStorage.removeItem("huolong-whole-game")')


def test_opening_another_position_leaves_the_game_alone_and_offers_it_again(server, browser):
    browser.get(server)
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices")')
    browser.get(server)
    wait(browser, lambda d: find(d, "#game-start"))
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    Select(browser.find_element(By.ID, "game-length")).select_by_value("game")
    browser.find_element(By.ID, "game-seed").send_keys("3")
    browser.find_element(By.ID, "game-start").click()
    while browser.execute_script("return board.playsAt(board.S.path).length") < 6:
        assert my_turn_played(browser) in ("asked", "bury", "play")
    assert not find(browser, "#game-resume")  # no offer to resume the game that is on the table
    picker = Select(browser.find_element(By.ID, "picker"))
    option = next(o for o in picker.options if (o.get_attribute("data-name") or "").startswith("example:hand-record:"))
    picker.select_by_value(option.get_attribute("value"))  # another position, in the middle of the game
    wait(browser, lambda d: d.execute_script("return board.st.view && board.st.view.main_line.length > 100"))
    browser.execute_script("return new Promise((done) => setTimeout(done, 2500))")  # the computer had a move under way
    record = browser.execute_script("""const S = board.S; let n = S.tree, forks = 0;
        while (n.c.length) { forks += n.c.length - 1; n = n.c[0]; } return [forks, S.viewer, S.hide]""")
    assert record == [0, "", False]  # nothing played into the record, and the record seen whole
    assert browser.find_element(By.ID, "game").is_displayed() is False
    assert "game: S–N" not in browser.find_element(By.ID, "info").text  # no game's score over the record's own
    resume = wait(browser, lambda d: find(d, "#game-resume"))
    assert resume.text.startswith("Resume the game (hand 1,")
    assert resume.location["y"] < 200  # in the header, not below the table
    browser.get(server)  # the choices are kept: a whole game against random
    wait(browser, lambda d: find(d, "#game-resume"))
    assert Select(browser.find_element(By.ID, "game-length")).first_selected_option.get_attribute("value") == "game"
    assert Select(browser.find_element(By.ID, "game-policy")).first_selected_option.get_attribute("value") == "random"
    browser.find_element(By.ID, "game-resume").click()
    wait(browser, lambda d: d.execute_script("return !!board.st.game && board.playsAt(board.S.path).length >= 6"))
    assert not find(browser, "#game-resume") and browser.find_element(By.ID, "whole-score").text.startswith("Hand 1 ·")
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices")')


def test_looking_back_in_a_game_takes_no_play_back(server, browser):
    """Home in the middle of a game showed the start, and the game went on from there: the computer played
    into it, a play taken back without a word. Now the game waits at its latest play and says how to return."""
    browser.get(server)
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices")')
    browser.get(server)
    wait(browser, lambda d: find(d, "#game-start"))
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    browser.find_element(By.ID, "game-seed").send_keys("5")
    browser.find_element(By.ID, "game-start").click()
    while browser.execute_script("return board.playsAt(board.S.path).length") < 6:
        assert my_turn_played(browser) in ("bury", "play")
    plays = browser.execute_script("return board.playsAt(board.S.path)")
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.HOME)
    state = wait(browser, lambda d: (shown := find(d, "#game-state")) and shown.text)
    assert state == "You are looking back at an earlier play: the game goes on from its latest play."
    assert find(browser, "#variations") is None  # no "delete" that would take the game's plays back
    browser.execute_script("return new Promise((done) => setTimeout(done, 2500))")  # a computer seat would have played
    forks = browser.execute_script("let n = board.S.tree, f = 0; while (n.c.length) { f += n.c.length - 1; n = n.c[0]; } return f")
    assert forks == 0 and browser.execute_script("return board.S.path.length") == 0
    browser.find_element(By.ID, "game-return").click()
    wait(browser, lambda d: d.execute_script("return board.playsAt(board.S.path).length") >= len(plays))
    assert browser.execute_script("return board.playsAt(board.S.path)")[:len(plays)] == plays
    # another position opened in the middle of the hand: the hand is put aside, offered again, and resumed
    wait(browser, lambda d: d.execute_script("return !board.st.game.busy && !board.gameWaits()"))
    made = browser.execute_script("return board.playsAt(board.S.path)")
    picker = Select(browser.find_element(By.ID, "picker"))
    option = next(o for o in picker.options if (o.get_attribute("data-name") or "").startswith("example:hand-record:"))
    picker.select_by_value(option.get_attribute("value"))
    resume = wait(browser, lambda d: find(d, "#game-resume"))
    assert resume.text == f"Resume your hand (you at S, {len(made)} plays made)"
    resume.click()
    wait(browser, lambda d: d.execute_script("return !!board.st.game && board.S.viewer === 'S'"))
    assert browser.execute_script("return board.playsAt(board.S.path)") == made
    assert find(browser, "#game-resume") is None and find(browser, "#game-state")
    browser.execute_script('localStorage.removeItem("huolong-game-choices"); localStorage.removeItem("huolong-hand-game")')


def test_a_ranked_burial_applied_in_a_game_is_the_games_bury(server, browser):
    """"apply" on a ranked burial, in a game, opened the deal after that burial with all four hands face up
    and left the game: in a game it is your bury, and the game goes on."""
    browser.get(server)
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices")')
    browser.get(server)
    wait(browser, lambda d: find(d, "#game-start"))
    dealer = browser.execute_async_script("""const done = arguments[arguments.length - 1];
        fetch("/api/random", {method: "POST", headers: {"Content-Type": "application/json"}, body: '{"seed": 7}'})
          .then((r) => r.json()).then((j) => done(/\\[Dealer "(\\w)"\\]/.exec(j.text)[1]));""")
    Select(browser.find_element(By.ID, "game-seat")).select_by_value(dealer)  # you deal: the bury is yours
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    browser.find_element(By.ID, "game-seed").send_keys("7")
    browser.find_element(By.ID, "game-start").click()
    wait(browser, lambda d: find(d, "#game-bury-text"))
    wait(browser, lambda d: find(d, "#bury-button")).click()
    wait(browser, lambda d: (button := find(d, "#bury-table button.apply")) is not None and (button.click() or True),
         timeout=300)
    wait(browser, lambda d: d.execute_script("return !!board.st.view && !board.st.view.before_bury"))
    assert browser.execute_script("return !!board.st.game && board.S.viewer") == dealer  # still the game, your seat
    shown = browser.execute_script("return Object.entries(board.st.view.hands).filter(([s, h]) => h.visible)"
                                   ".map(([s]) => s)")
    assert shown == [dealer]  # the others' hands stay face down
    browser.execute_script('localStorage.removeItem("huolong-game-choices")')


def test_a_whole_game_on_the_board_asks_your_seat_to_bury_big_jokers_and_tells_the_table(server, browser):
    """Seed 14: N declares and deals; after N's bury, S (you) holds a big joker: 扣王 (002), in Chinese at
    400 px, then in English."""
    browser.get(server)
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices");'
                           'localStorage.setItem("huolong-lang", "zh")')
    browser.get(server)
    browser.set_window_size(400, 900)
    wait(browser, lambda d: find(d, "#game-start"))
    Select(browser.find_element(By.ID, "game-policy")).select_by_value("random")
    Select(browser.find_element(By.ID, "game-length")).select_by_value("game")
    assert "002" in Select(browser.find_element(By.ID, "game-rules")).first_selected_option.text
    browser.find_element(By.ID, "game-seed").send_keys("14")
    browser.find_element(By.ID, "game-start").click()
    question = wait(browser, lambda d: find(d, "#game-swap-1") or None)
    text = browser.find_element(By.ID, "game-state").text
    assert "扣王：底牌里现在有 0 个大王。你也可以扣下最多 1 个大王" in text, text
    assert question.text == "扣 1 个"
    panel = browser.find_element(By.ID, "game")
    assert panel.size["width"] <= 400 and question.location["x"] + question.size["width"] <= 400
    shoot(browser, "whole-game-jokers-zh")
    question.click()
    told = wait(browser, lambda d: (t := find(d, "#whole-told")) and t.text)
    assert told.startswith("南扣了 1 个大王，从底牌里拿回 ")
    assert browser.execute_script("return board.S.root.text").count('[JokerBury "S BJ > ') == 1
    browser.execute_script('localStorage.setItem("huolong-lang", "en")')
    browser.get(server)
    browser.set_window_size(1280, 1000)
    wait(browser, lambda d: find(d, "#game-resume")).click()  # the game, resumed after the round
    told = wait(browser, lambda d: (t := find(d, "#whole-told")) and t.text)
    assert told.startswith("S buried 1 big joker and took back ")
    assert "Score at 10 a level: S–N 0, E–W 0. Game rules: 002." in browser.find_element(By.ID, "whole-money").text
    shoot(browser, "whole-game-jokers-en")
    browser.execute_script('localStorage.removeItem("huolong-whole-game"); localStorage.removeItem("huolong-game-choices")')
