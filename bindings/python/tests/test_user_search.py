"""UserSearch from Python: a class built only from the library's introspection (no Python
code names it), over the sample repository, the coordinator and a Python repository."""

from __future__ import annotations

import mvvm
import mvvm_seeds
from mvvm_seeds import HostRepository, User, UserPage

from test_host import PAGE, SyncRepo, UsersOnly


def test_search_finds_users_after_the_debounce(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    search = mvvm_seeds.UserSearch(repo)
    assert type(search).__name__ == "UserSearch" and search.get_type() is mvvm_seeds.ObjectType.USER_SEARCH
    assert search.query == "" and search.is_query_empty and search.count == 0
    assert not search.is_searching and search.error_message is None and not search.has_more_pages
    queries: list[str] = []
    counts: list[int] = []
    changes: list[list[mvvm.ListChange]] = []
    searching: list[bool] = []
    search.connect("notify::query", queries.append)
    search.connect("notify::count", counts.append)
    search.connect("rows-changed", changes.append)
    search.connect("notify::is-searching", searching.append)

    target = mvvm_seeds.UserList(repo)
    target.on_appear()
    assert runtime.run_until(lambda: target.count > 0)
    name = target.rows[1].name  # a name from the sample data
    word = name.split()[-1].lower()

    search.query = "  " + word.upper() + " "  # trimmed, case ignored
    assert queries == ["  " + word.upper() + " "] and search.query == queries[-1]
    assert search.count == 0  # debounced: nothing searched yet
    assert runtime.run_until(lambda: search.count > 0 and not search.is_searching, 5.0)
    assert True in searching and searching[-1] is False
    rows = list(search.rows)
    assert rows and all(word in u.name.lower() for u in rows)
    assert any(u.name == name for u in rows)
    assert search.row(0) == rows[0] and isinstance(rows[0], User)
    assert counts[-1] == search.count == len(search.rows)
    assert changes and changes[-1][0].kind in (mvvm.ListChangeKind.RESET, mvvm.ListChangeKind.INSERT)
    assert not search.is_query_empty

    selected: list[int] = []
    search.connect("user-selected", selected.append)
    search.did_select_row(0)
    assert selected == [rows[0].id]

    search.set_query("")  # the set-query command, as the property setter
    assert runtime.run_until(lambda: search.is_query_empty and search.count == 0, 5.0)


def test_search_pages(runtime: mvvm.Runtime) -> None:
    repo = mvvm_seeds.Repository.sample(runtime, user_count=200, page_size=10)
    search = mvvm_seeds.UserSearch(repo)
    search.query = "a"
    assert runtime.run_until(lambda: search.count == 10 and not search.is_searching, 5.0)
    assert search.has_more_pages
    search.did_display_row(search.count - 1)
    assert runtime.run_until(lambda: search.count == 20, 5.0)
    assert all("a" in u.name.lower() for u in search.rows)


def test_coordinator_shows_search_and_its_selection(runtime: mvvm.Runtime, repo: mvvm_seeds.Repository) -> None:
    co = mvvm_seeds.Coordinator(repo)
    pushed: list[mvvm.MvvmObject] = []
    co.connect("navigate", lambda action, screen: pushed.append(screen) if action is mvvm_seeds.Navigation.PUSH else None)
    co.start()
    co.show_search()
    assert co.depth == 2
    search = co.top
    assert isinstance(search, mvvm_seeds.UserSearch) and pushed[-1] is search and not search.owned
    assert list(co.screens) == [co.screen(0), search] and co.screen(-1) is search
    search.query = "a"
    assert runtime.run_until(lambda: search.count > 0, 5.0)
    search.did_select_row(0)
    assert co.depth == 3 and isinstance(co.top, mvvm_seeds.UserDetail)
    co.back()
    assert co.depth == 2 and co.screen(-1) is search
    co.close()  # its handler holds its screens: closed, not left to the runtime's shutdown


class SearchingRepo(SyncRepo):
    def __init__(self) -> None:
        super().__init__()
        self.searches: list[tuple[str, int]] = []

    def search_users(self, query: str, page: int) -> UserPage:
        self.searches.append((query, page))
        found = [u for _, u in sorted(self.users.items()) if query.lower() in u.name.lower()]
        return UserPage(found[(page - 1) * PAGE: page * PAGE], page, (len(found) + PAGE - 1) // PAGE)


def test_search_over_a_python_repository(runtime: mvvm.Runtime) -> None:
    impl = SearchingRepo()
    search = mvvm_seeds.UserSearch(mvvm_seeds.Repository.host(impl, runtime))
    search.query = " User 1"
    assert runtime.run_until(lambda: search.count > 0 and not search.is_searching, 5.0)
    assert impl.searches == [("User 1", 1)]  # trimmed by the library
    assert [u.id for u in search.rows] == [1, 10, 11, 12]
    assert search.error_message is None


def test_search_without_search_users_fails_clearly(runtime: mvvm.Runtime) -> None:
    assert not UsersOnly.implements_search() and SearchingRepo.implements_search()
    search = mvvm_seeds.UserSearch(mvvm_seeds.Repository.host(UsersOnly(), runtime))
    search.query = "x"
    assert runtime.run_until(lambda: search.error_message is not None, 5.0)
    assert "search" in (search.error_message or "").lower()
    search.dismiss_error()
    assert search.error_message is None


class FailingSearch(HostRepository):
    def fetch_users(self, page: int) -> UserPage:
        return UserPage([], 1, 0)

    def fetch_user(self, user_id: int) -> User:
        raise KeyError(user_id)

    def update_user(self, user: User) -> User:
        return user

    def search_users(self, query: str, page: int) -> UserPage:
        raise ConnectionError(f"no server for {query!r}")


def test_search_error_from_python(runtime: mvvm.Runtime) -> None:
    search = mvvm_seeds.UserSearch(mvvm_seeds.Repository.host(FailingSearch(), runtime))
    search.query = "zed"
    assert runtime.run_until(lambda: search.error_message is not None, 5.0)
    assert "no server for 'zed'" in (search.error_message or "")
