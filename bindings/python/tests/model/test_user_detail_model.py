"""UserDetail's name editing against the rules restated here in plain Python, independently
of the Swift validator (Sources/MVVMSeedsApp/Features/UserDetail/UserNameValidator.swift):

* the draft is trimmed of Unicode White_Space at both ends (the property's code points,
  listed below; not Python's str.isspace, which also counts U+001C..U+001F);
* refused, in this order: empty after trimming; a control character (category Cc) or a line
  or paragraph separator (Zl, Zp) left inside; more than 80 characters, counted as grapheme
  clusters;
* otherwise the trimmed draft is the name saved.

Drafts are built from units that are each one grapheme cluster and never join a neighbour
(so the model knows the character count without a segmentation library), or are arbitrary
text (then only drafts of at most 80 code points get an exact length verdict: more code
points may still be 80 characters or fewer).

The screen is driven by appearing, edits, saves and the repository's answers (drained by the
test), over a sample repository that may fail every n-th call; after every step the
draft, "validation-message", "can-save", "is-dirty", "is-saving", "error-message" and the
stored user equal the model's."""

from __future__ import annotations

import gc
import unicodedata

import pytest
from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

import mvvm
import mvvm_seeds
from mvvm_seeds import User

from model_support import drain

MAXIMUM = 80
#: Unicode's White_Space property (PropList.txt), stable since Unicode 6.3.
WHITE_SPACE = frozenset(
    [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x1680, *range(0x2000, 0x200B), 0x2028, 0x2029, 0x202F, 0x205F, 0x3000]
)
EMPTY = "The name can't be empty."
CONTROL = "The name can't contain control characters or line breaks."
TOO_LONG = f"The name can't be longer than {MAXIMUM} characters."


def trimmed(draft: str) -> str:
    start, end = 0, len(draft)
    while start < end and ord(draft[start]) in WHITE_SPACE:
        start += 1
    while end > start and ord(draft[end - 1]) in WHITE_SPACE:
        end -= 1
    return draft[start:end]


def refusals(draft: str, characters: int | None) -> set[str | None]:
    """The possible verdicts on ``draft`` (None: accepted), given its trimmed text's character
    count when known. One verdict unless the count is unknown and could be either side of 80."""
    name = trimmed(draft)
    if not name:
        return {EMPTY}
    if any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in name):
        return {CONTROL}
    if characters is not None:
        return {TOO_LONG if characters > MAXIMUM else None}
    if len(name) <= MAXIMUM:  # never more characters than code points
        return {None}
    return {None, TOO_LONG}


#: Units of one grapheme cluster each that never join the unit before or after them.
WORD_UNITS = [
    *"aZ09-.' ~", "é", "e\u0301", "ß", "ñ", "中", "한", "😀", "👍🏽", "👨\u200d👩\u200d👧", "🇫🇷", "\u200b", "\u00ad", "\ufeff",
]
#: White space (trimmed at the ends) and controls; each a single code point.
SPACE_UNITS = [" ", "\t", "\n", "\r", "\x0b", "\x0c", "\x85", "\xa0", "\u2003", "\u3000", "\u2028", "\u2029", "\u202f"]
CONTROL_UNITS = ["\x01", "\x1f", "\x7f", "\x9f"]  # Cc and not White_Space (\x1f is str.isspace()!)

units = st.one_of(
    st.sampled_from(WORD_UNITS), st.sampled_from(WORD_UNITS), st.sampled_from(SPACE_UNITS), st.sampled_from(CONTROL_UNITS)
)


@st.composite
def drafts(draw: st.DrawFn) -> tuple[str, int | None]:
    """A draft and its trimmed text's character count (None when unknown)."""
    kind = draw(st.sampled_from(["units", "units", "long", "text"]))
    if kind == "text":
        text = draw(st.text(st.characters(exclude_categories=["Cs"], exclude_characters="\0"), max_size=90))
        return text, None
    if kind == "long":  # around the limit
        parts = draw(st.lists(st.sampled_from(WORD_UNITS), min_size=MAXIMUM - 3, max_size=MAXIMUM + 3))
        padding = draw(st.lists(st.sampled_from(SPACE_UNITS), max_size=2))
        parts = padding + parts + padding
    else:
        parts = draw(st.lists(units, max_size=12))
    # Each unit is one character; trimming drops the white-space units at both ends.
    start, end = 0, len(parts)
    while start < end and parts[start] in SPACE_UNITS:
        start += 1
    while end > start and parts[end - 1] in SPACE_UNITS:
        end -= 1
    return "".join(parts), end - start


class UserDetailMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.runtime = mvvm.Runtime()
        self.calls = 0
        self.user: User | None = None  # the model's stored user, once loaded
        self.loading = False
        self.saving: str | None = None  # the name being saved
        self.draft = ""
        self.verdicts: set[str | None] = {None}
        self.error: str | None = None  # "refusal", "failure" or None
        self.refusal = ""
        self.saved: list[User] = []

    @initialize(user_id=st.integers(1, 5), fail_every_nth=st.sampled_from([0, 0, 2, 3]), load_now=st.booleans())
    def create(self, user_id: int, fail_every_nth: int, load_now: bool) -> None:
        self.fail_every_nth = fail_every_nth
        self.repo = mvvm_seeds.Repository.sample(self.runtime, user_count=5, fail_every_nth=fail_every_nth, latency_ms=0)
        self.detail = mvvm_seeds.UserDetail(self.repo, user_id)
        self.detail.connect("did-save", self.saved.append)
        self.user_id = user_id
        if load_now:  # most programs edit a loaded user; the others start with appear()
            self.appear()
            self.deliver_answers()

    def call_fails(self) -> bool:
        self.calls += 1
        return bool(self.fail_every_nth) and self.calls % self.fail_every_nth == 0

    @rule()
    def appear(self) -> None:
        self.detail.on_appear()
        if self.user is None and not self.loading:
            self.loading = True

    @rule(draft=drafts())
    def edit(self, draft: tuple[str, int | None]) -> None:
        text, characters = draft
        self.detail.draft_name = text
        self.draft = text
        self.verdicts = refusals(text, characters)
        if self.error == "refusal":  # a refusal was about the previous draft
            self.error = None

    @rule(text=st.sampled_from(["\0", "Ada\0", "\0 Lovelace"]))
    def edit_with_a_nul(self, text: str) -> None:
        with pytest.raises(ValueError):
            self.detail.draft_name = text

    @rule()
    def save(self) -> None:
        self.detail.save()
        if self.user is None or self.saving is not None:
            return
        verdict = self.verdict()
        if verdict is not None:
            event("save refused")
            self.error, self.refusal = "refusal", verdict
            return
        name = trimmed(self.draft)
        if name == self.user.name:
            return
        self.error = None
        self.saving = name

    @rule()
    def deliver_answers(self) -> None:
        drain(self.runtime)
        if self.loading:
            self.loading = False
            if self.call_fails():
                self.error = "failure"
            else:
                self.user = self.detail.user  # the repository's user: checked below
                assert self.user is not None and self.user.id == self.user_id
                self.draft = self.user.name
                self.verdicts = refusals(self.draft, None)
                assert self.verdicts == {None}, "a stored name is valid"
        elif self.saving is not None:
            assert self.user is not None
            name, self.saving = self.saving, None
            if self.call_fails():
                event("save failed")
                self.error = "failure"
            else:
                event("saved")
                self.user = User(self.user.id, name, self.user.email)
                self.draft = name
                assert self.saved[-1:] == [self.user]
                self.verdicts = {None}

    @precondition(lambda self: self.user is not None and self.saving is None)
    @rule()
    def reread_from_the_repository(self) -> None:
        # A fresh screen over the same repository loads what was stored.
        fresh = mvvm_seeds.UserDetail(self.repo, self.user_id)
        fresh.on_appear()
        drain(self.runtime)
        if self.call_fails():
            assert fresh.user is None and fresh.error_message is not None
        else:
            assert fresh.user == self.user
        fresh.close()

    def verdict(self) -> str | None:
        assert len(self.verdicts) == 1 or self.detail.validation_message in self.verdicts
        return self.detail.validation_message if len(self.verdicts) > 1 else next(iter(self.verdicts))

    @invariant()
    def equals_the_model(self) -> None:
        if not hasattr(self, "detail"):
            return
        d = self.detail
        assert d.draft_name == self.draft
        assert d.user == self.user
        assert d.is_saving is (self.saving is not None)
        if self.user is None:
            assert d.validation_message is None and not d.can_save and not d.is_dirty
        else:
            assert d.validation_message in self.verdicts
            dirty = trimmed(self.draft) != self.user.name
            assert d.is_dirty is dirty
            assert d.can_save is (d.validation_message is None and dirty and self.saving is None)
        if self.error is None:
            assert d.error_message is None
        elif self.error == "refusal":
            assert d.error_message == self.refusal
        else:
            assert d.error_message  # the repository's words

    def teardown(self) -> None:
        self.runtime.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0


TestUserDetail = UserDetailMachine.TestCase
