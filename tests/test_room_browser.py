"""A table for friends in four real browser windows (Debian's chromium, driven by Selenium): the host at S on
a phone in English, a friend at N on a phone in Chinese and on a desktop, a spectator on a desktop; the
computer at E and W. They play a whole hand by clicks; screenshots at 400 px go to ``board-screenshots/``
(``table-*``): look at them."""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time

import pytest

from board_helpers import ROOT

pytestmark = pytest.mark.slow

if not (shutil.which("chromium") and shutil.which("chromedriver")):
    if os.environ.get("CI"):
        raise RuntimeError("CI needs chromium and chromium-driver (apt-get install -y chromium chromium-driver)")
    pytest.skip("no chromium/chromedriver here (apt-get install -y chromium chromium-driver)", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

from test_board_browser import SHOTS  # noqa: E402

WAIT = 180


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """``huolong-solve table`` as the host starts it: S the host's, N a friend's, E and W the computer's."""
    folder = tmp_path_factory.mktemp("tables")
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "HUOLONG_SOLVE_TABLES": str(folder)}
    proc = subprocess.Popen([sys.executable, "-m", "huolong.cli.main", "table", "--no-browser", "--port", "0",
                             "--people", "S,N", "--computer", "random", "--hands", "1", "--seed", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, cwd=ROOT,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    lines = []
    try:
        while not any("host=" in line for line in lines):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        text = "".join(lines)
        yield {"host": re.search(r"(http://\S+host=\S+)", text).group(1),
               "N": re.search(r"N: (http://\S+)", text).group(1),
               "watch": re.search(r"(http://\S+watch=\S+)", text).group(1), "folder": folder}
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
        assert "The board has stopped." in out
        assert proc.returncode == 0


def window(width: int, lang: str):  # type: ignore[no-untyped-def]
    options = Options()
    options.binary_location = shutil.which("chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync",
                "--disable-background-networking", "--lang=en-US"):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver")))
    driver.set_window_size(width, 900)
    driver.lang = lang
    return driver


def open_page(driver, url: str) -> None:  # type: ignore[no-untyped-def]
    driver.get(url)
    driver.execute_script("localStorage.setItem('huolong-lang', arguments[0])", driver.lang)
    driver.get(url)
    until(driver, lambda: driver.find_element(By.ID, "conn").text in ("live", "已连接"))


def until(driver, condition, timeout: float = WAIT):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        try:
            value = condition()
            if value:
                return value
        except (NoSuchElementException, StaleElementReferenceException):
            pass
        assert time.monotonic() < deadline, driver.find_element(By.TAG_NAME, "body").text[:2000]
        time.sleep(0.1)


def shot(driver, name: str) -> None:  # type: ignore[no-untyped-def]
    SHOTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(SHOTS / f"table-{name}-{driver.get_window_size()['width']}.png"))


def exists(driver, css: str) -> list:  # type: ignore[no-untyped-def, type-arg]
    return driver.find_elements(By.CSS_SELECTOR, css)


def take_turn(driver, seen: set) -> bool:  # type: ignore[no-untyped-def, type-arg]
    """Click what this page is asked, as a player would; False when it is asked nothing. The page is drawn
    again at every change: an element gone meanwhile is looked for again next time."""
    try:
        return _take_turn(driver, seen)
    except StaleElementReferenceException:
        return True


def _take_turn(driver, seen: set) -> bool:  # type: ignore[no-untyped-def, type-arg]
    if exists(driver, "#room-yes") or exists(driver, "#room-suit-S"):
        seen.add("declare")
        shot(driver, "declare-" + driver.lang)
        (exists(driver, "#room-yes") or exists(driver, "#room-suit-S"))[0].click()
    elif exists(driver, "#room-jokers-0"):
        seen.add("jokers")
        exists(driver, "#room-jokers-0")[0].click()
    elif exists(driver, "#room-bury"):
        seen.add("bury")
        size = len(exists(driver, "#mine .kitty-label ~ .card"))
        for i in range(1, size + 1):  # as a thumb does: the card scrolled above the bar at the screen's foot
            card = exists(driver, "#mine button.card")[-i]
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", card)
            card.click()
        shot(driver, "bury-" + driver.lang)
        until(driver, lambda: driver.find_element(By.ID, "room-bury").is_enabled(), 10)
        driver.find_element(By.ID, "room-bury").click()
    elif exists(driver, "#room-legal-0"):
        seen.add("play")
        if len(seen) < 6:
            shot(driver, "play-" + driver.lang)
            seen.add(len(seen))
        exists(driver, "#room-legal-0")[0].click()
    else:
        return False
    time.sleep(0.3)
    return True


def test_four_windows_play_a_whole_hand_at_one_table(table):
    host, friend, friend_desk, watcher = window(400, "en"), window(400, "zh"), window(1280, "zh"), window(1280, "en")
    try:
        open_page(host, table["host"])
        open_page(friend, table["N"])
        open_page(friend_desk, table["N"])
        open_page(watcher, table["watch"])
        friend.find_element(By.ID, "room-name").send_keys("小李")
        friend.find_element(By.ID, "room-name-save").click()
        until(host, lambda: "小李" in host.find_element(By.ID, "ring").text)  # the host sees who sat down
        shot(host, "lobby-host")
        shot(friend, "lobby-zh")
        assert exists(host, "#host .qr svg") or exists(host, "#room-start")
        host.find_element(By.ID, "room-start").click()
        seen: set = set()
        deadline = time.monotonic() + 600
        while not exists(watcher, "#room-result"):
            acted = take_turn(host, seen) or take_turn(friend, seen)
            assert time.monotonic() < deadline, host.find_element(By.TAG_NAME, "body").text[:1500]
            if not acted:
                time.sleep(0.2)
            for page, seat in ((friend, "N"), (watcher, None)):
                mine = len(exists(page, "#mine button.card"))
                assert seat is not None or mine == 0  # a spectator holds no cards
        assert "play" in seen and "bury" in seen
        for page in (host, friend, friend_desk, watcher):
            until(page, lambda p=page: exists(p, "#room-result"))
            shot(page, "over-" + page.lang)
        assert len(exists(watcher, "#after .hand")) == 4
        assert "结果" in friend.find_element(By.ID, "room-result").text
        assert friend.find_element(By.ID, "turn").text == friend_desk.find_element(By.ID, "turn").text
        link = host.find_element(By.ID, "room-download-hand").get_attribute("href")
        assert "/record?" in link and "hand=1" in link
    finally:
        for page in (host, friend, friend_desk, watcher):
            page.quit()
    saved = list(table["folder"].glob("*.hl"))
    assert len(saved) == 1 and "[Result" in saved[0].read_text()


def test_a_wrong_link_says_why_on_the_page(table):
    page = window(400, "en")
    try:
        page.get(table["N"].replace("key=", "key=x"))
        until(page, lambda: not page.find_element(By.ID, "error").get_attribute("hidden"))
        assert "key" in page.find_element(By.ID, "error").text
        shot(page, "wrong-link")
    finally:
        page.quit()


def test_the_boards_new_table_form_opens_a_table_and_its_host_page(table):
    page = window(1280, "zh")
    try:
        base = table["host"].split("/room/")[0]
        page.get(base + "/room/new")
        page.execute_script("localStorage.setItem('huolong-lang', 'zh')")
        page.get(base + "/room/new")
        until(page, lambda: exists(page, "#new-create"))
        shot(page, "new-table-zh")
        page.find_element(By.ID, "new-create").click()
        until(page, lambda: exists(page, "#room-start") and exists(page, "#host .qr svg"))
        assert "host=" in page.current_url
        shot(page, "new-table-host-zh")
    finally:
        page.quit()
