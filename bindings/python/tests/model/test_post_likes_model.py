"""Post likes under injected failures: PostDetail screens of a few posts over one sample
repository that fails every n-th call, liked and unliked in any rhythm while the test delivers
the repository's answers partly (one dispatch) or fully (drained).

Every tap flips "is-liked" at once and moves "likes-count" by one. Once no request is in
flight, each screen shows exactly the repository's truth, read through a fresh PostDetail;
the truth's count never drifts (it is the first count plus or minus one for the like state);
and when the screen shows something other than the last tap asked for, a request failed and
"error-message" says so."""

from __future__ import annotations

import gc

from hypothesis import event, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import mvvm
import mvvm_seeds
from mvvm import ViewState

from model_support import drain

POSTS = 3


class PostLikesMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.runtime = mvvm.Runtime()
        self.screens: list[mvvm_seeds.PostDetail] = []
        self.intent: list[bool] = []  # the last tap's wish, per screen
        self.first: list[tuple[bool, int]] = []  # the truth when the test began, per post

    def load(self, post_id: int) -> mvvm_seeds.PostDetail:
        """A loaded screen of ``post_id``; a load that hit an injected failure is retried
        with a new screen."""
        for _ in range(20):
            screen = mvvm_seeds.PostDetail(self.repo, post_id)
            screen.on_appear()
            assert self.runtime.run_until(lambda: screen.state in (ViewState.LOADED, ViewState.FAILED), 10.0)
            if screen.state is ViewState.LOADED:
                return screen
            assert screen.error_message
            screen.close()
        raise AssertionError(f"post {post_id} never loaded")

    def truth(self, post_id: int) -> tuple[bool, int]:
        fresh = self.load(post_id)
        try:
            return fresh.is_liked, fresh.likes_count
        finally:
            fresh.close()

    # Not 2: a load makes two calls at once (post and comments), one of them always even.
    @initialize(fail_every_nth=st.sampled_from([0, 3, 4, 5, 7]), seed=st.integers(0, 2**32))
    def create(self, fail_every_nth: int, seed: int) -> None:
        self.repo = mvvm_seeds.Repository.sample(
            self.runtime, post_count=POSTS, fail_every_nth=fail_every_nth, seed=seed, latency_ms=0
        )
        for post_id in range(1, POSTS + 1):
            screen = self.load(post_id)
            self.screens.append(screen)
            self.intent.append(screen.is_liked)
            self.first.append((screen.is_liked, screen.likes_count))

    @rule(i=st.integers(0, POSTS - 1))
    def tap(self, i: int) -> None:
        screen = self.screens[i]
        liked, count = screen.is_liked, screen.likes_count
        screen.toggle_like()
        assert screen.is_liked is (not liked)
        assert screen.likes_count == max(0, count + (-1 if liked else 1))
        self.intent[i] = not liked

    @rule(i=st.integers(0, POSTS - 1), times=st.integers(2, 7))
    def tap_fast(self, i: int, times: int) -> None:
        for _ in range(times):
            self.tap(i)

    @rule()
    def deliver_some_answers(self) -> None:
        self.runtime.dispatch()

    @rule()
    def deliver_every_answer(self) -> None:
        drain(self.runtime)
        for i, screen in enumerate(self.screens):
            post_id = i + 1
            liked, count = self.truth(post_id)
            assert (screen.is_liked, screen.likes_count) == (liked, count), f"post {post_id} differs from the repository"
            first_liked, first_count = self.first[i]
            assert count == first_count + (int(liked) - int(first_liked)), "the repository's count drifted"
            if liked != self.intent[i]:
                event("a failed request rolled a like back")
                assert screen.error_message, "a like was rolled back without a message"
            self.intent[i] = liked

    @rule()
    def collect_garbage(self) -> None:
        gc.collect()

    @invariant()
    def consistent(self) -> None:
        for screen in self.screens:
            assert screen.state is ViewState.LOADED
            assert screen.likes_count >= 0
            post = screen.post
            assert post is not None and (post.liked_by_current_user, post.likes_count) == (screen.is_liked, screen.likes_count)

    def teardown(self) -> None:
        self.runtime.shutdown()
        gc.collect()
        assert mvvm.live_callbacks() == 0


TestPostLikes = PostLikesMachine.TestCase
