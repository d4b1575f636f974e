/*
 * test_debugging.c: the journal, replay, snapshots, the live viewer's socket and the leak
 * report (mvvm.h, "Debugging"; docs/JOURNAL.md is the format).
 *
 * Each test starts its own runtime (with the options it needs) and shuts it down; journals
 * go to a fresh temporary folder.
 */
#include "harness.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

static char folder[256];

static void path_in_folder(char *out, size_t size, const char *name) { snprintf(out, size, "%s/%s", folder, name); }

/* The whole file at `path`, NUL-terminated (malloc'd), or NULL. */
static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    size_t got = fread(text, 1, (size_t)size, file);
    text[got] = '\0';
    fclose(file);
    return text;
}

static int count_occurrences(const char *text, const char *needle) {
    int count = 0;
    for (const char *at = strstr(text, needle); at; at = strstr(at + 1, needle)) count++;
    return count;
}

static mvvm_status init_with(const char *journal, uint32_t flags) {
    mvvm_init_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = (uint32_t)sizeof options;
    options.flags = flags;
    options.journal_path = journal;
    return mvvm_init_with_options(&options);
}

/* A short session on sample data: a list loads its first page, a detail renames a user and
 * saves (the list's row updated by the host's handler), a search is typed (debounced). */
static recorder list_rows, detail_saved, search_rows;
static mvvm_object *session_list;

static void on_saved_refresh_row(mvvm_object *object, const mvvm_user *user, void *user_data) {
    (void)object;
    on_user(object, user, user_data);
    /* A handler's call: the journal records it one level deeper, replay makes it again. */
    int64_t count = 0;
    mvvm_user_list_get_count(session_list, &count);
}

static void record_session(void) {
    mvvm_object *repository = make_sample_repository(40, 10, 5, -1);
    mvvm_object *list = NULL, *detail = NULL, *search = NULL;
    REQUIRE(repository != NULL);
    REQUIRE_OK(mvvm_user_list_new(repository, &list));
    session_list = list;
    recorder_reset(&list_rows);
    recorder_reset(&detail_saved);
    recorder_reset(&search_rows);
    CONNECT(list, "rows-changed", on_changes, &list_rows);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(list_rows.calls > 0, HARNESS_PUMP_BUDGET);
    REQUIRE_OK(mvvm_user_detail_new(repository, 3, &detail));
    uint64_t id = 0;
    CHECK_OK(mvvm_signal_connect(detail, "did-save", MVVM_CALLBACK(on_saved_refresh_row), &detail_saved, on_destroyed, &id));
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    int32_t can_save = 0;
    for (int i = 0; i < HARNESS_PUMP_BUDGET; i++) {
        mvvm_user user;
        int32_t loaded = 0;
        CHECK_OK(mvvm_user_detail_get_user(detail, &loaded, &user));
        if (loaded) break;
        harness_pump_once();
    }
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Grace Hopper"));
    CHECK_OK(mvvm_user_detail_get_can_save(detail, &can_save));
    CHECK_EQ(can_save, 1);
    CHECK_OK(mvvm_user_detail_save(detail));
    PUMP_UNTIL(detail_saved.calls > 0, HARNESS_PUMP_BUDGET);
    REQUIRE_OK(mvvm_user_search_new(repository, &search));
    CONNECT(search, "rows-changed", on_changes, &search_rows);
    CHECK_OK(mvvm_user_search_set_query(search, "gr"));
    CHECK_OK(mvvm_user_search_set_query(search, "gra"));
    PUMP_UNTIL(search_rows.calls > 0, HARNESS_PUMP_BUDGET);
    CHECK_OK(mvvm_object_destroy(search));
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
}

/* ------------------------------------------------------------------------------------------
 * The journal
 * ---------------------------------------------------------------------------------------- */

static void test_a_journal_records_calls_signals_and_the_handlers_calls(void) {
    char path[320];
    path_in_folder(path, sizeof path, "session.jsonl");
    REQUIRE_OK(init_with(path, 0));
    record_session();
    REQUIRE_OK(mvvm_shutdown());
    char *text = read_file(path);
    REQUIRE(text != NULL);
    CHECK(strncmp(text, "{\"n\":1,", 7) == 0);
    CHECK(strstr(text, "\"e\":\"header\",\"mvvm_journal\":1,") != NULL);
    const char *hash = NULL;
    CHECK_OK(mvvm_schema_hash(&hash));
    char schema[64];
    snprintf(schema, sizeof schema, "\"schema\":\"%s\"", hash);
    CHECK(strstr(text, schema) != NULL);
    CHECK(strstr(text, "\"fn\":\"mvvm_user_list_new\",\"d\":0,\"op\":\"new\",\"type\":\"UserList\"") != NULL);
    CHECK(strstr(text, "\"op\":\"set\",\"object\":") != NULL);
    CHECK(strstr(text, "\"member\":\"draft-name\",\"args\":[\"Grace Hopper\"],\"status\":\"MVVM_OK\"") != NULL);
    CHECK(strstr(text, "\"e\":\"signal\",\"object\":") != NULL);
    CHECK(strstr(text, "\"signal\":\"did-save\",\"args\":[{\"id\":3,\"name\":\"Grace Hopper\"") != NULL);
    /* The handler's call, one level deeper, right after its signal. */
    const char *saved = strstr(text, "\"signal\":\"did-save\",\"args\"");
    REQUIRE(saved != NULL);
    const char *next_line = strchr(saved, '\n');
    REQUIRE(next_line != NULL);
    const char *handler_call = "\"e\":\"call\",\"fn\":\"mvvm_user_list_get_count\",\"d\":1,";
    CHECK(strncmp(strstr(next_line, "\"e\""), handler_call, strlen(handler_call)) == 0);
    CHECK(count_occurrences(text, "\"e\":\"dispatch\"") > 0);
    CHECK(count_occurrences(text, "\"e\":\"timer\"") > 0); /* debounce and the sample latency */
    CHECK(strstr(text, "\"e\":\"end\"}\n") != NULL);
    free(text);
}

static void test_mvvm_trace_names_the_journal_and_the_options_win(void) {
    char from_environment[320], from_options[320];
    path_in_folder(from_environment, sizeof from_environment, "environment.jsonl");
    path_in_folder(from_options, sizeof from_options, "options.jsonl");
    setenv("MVVM_TRACE", from_environment, 1);
    REQUIRE_OK(mvvm_init());
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    CHECK_OK(mvvm_object_destroy(stopwatch));
    REQUIRE_OK(mvvm_shutdown());
    /* With MVVM_TRACE still set, the options' path is the journal; the first stays whole. */
    REQUIRE_OK(init_with(from_options, 0));
    REQUIRE_OK(mvvm_shutdown());
    unsetenv("MVVM_TRACE");
    char *text = read_file(from_environment);
    REQUIRE(text != NULL);
    CHECK(strstr(text, "\"fn\":\"mvvm_stopwatch_new\"") != NULL);
    free(text);
    text = read_file(from_options);
    CHECK(text != NULL && strstr(text, "\"e\":\"header\"") != NULL && strstr(text, "mvvm_stopwatch_new") == NULL);
    free(text);
}

static void test_a_failed_write_turns_the_journal_off_and_the_application_goes_on(void) {
    char path[320];
    path_in_folder(path, sizeof path, "limited.jsonl");
    /* Files of this process may not grow past 2 KiB: the journal's first flush fails. */
    struct rlimit saved, limit;
    REQUIRE(getrlimit(RLIMIT_FSIZE, &saved) == 0);
    limit = saved;
    limit.rlim_cur = 2048;
    signal(SIGXFSZ, SIG_IGN);
    REQUIRE(setrlimit(RLIMIT_FSIZE, &limit) == 0);
    REQUIRE_OK(init_with(path, 0));
    record_session(); /* far more than 2 KiB of lines: the app must not notice */
    CHECK_EQ(list_rows.calls > 0, 1);
    char *snapshot = NULL;
    CHECK_OK(mvvm_debug_snapshot(&snapshot));
    CHECK(snapshot != NULL && strstr(snapshot, "\"failed\":true") != NULL);
    mvvm_string_free(snapshot);
    CHECK_OK(mvvm_shutdown());
    setrlimit(RLIMIT_FSIZE, &saved);
    signal(SIGXFSZ, SIG_DFL);
    struct stat status;
    CHECK(stat(path, &status) == 0 && status.st_size <= 2048);
}

static void test_options_of_0_1s_size_still_start_the_runtime(void) {
    mvvm_init_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = MVVM_INIT_OPTIONS_SIZE_0_1;
    options.journal_path = "/nonexistent/never/read"; /* past 0.1's end: not read */
    CHECK_OK(mvvm_init_with_options(&options));
    CHECK_OK(mvvm_shutdown());
}

/* ------------------------------------------------------------------------------------------
 * Replay
 * ---------------------------------------------------------------------------------------- */

static void test_a_journal_replays_identically(void) {
    char path[320];
    path_in_folder(path, sizeof path, "session.jsonl");
    char *report = NULL;
    mvvm_replay_options options;
    memset(&options, 0, sizeof options);
    options.struct_size = (uint32_t)sizeof options;
    CHECK_OK(mvvm_replay(path, &options, &report));
    CHECK(report != NULL && strncmp(report, "replay: identical (", 19) == 0);
    if (report && strncmp(report, "replay: identical", 17) != 0) fprintf(stderr, "%s\n", report);
    mvvm_string_free(report);
    /* Again, and again: a replay is deterministic. */
    for (int i = 0; i < 3; i++) {
        CHECK_OK(mvvm_replay(path, NULL, &report));
        mvvm_string_free(report);
    }
}

/* The journal with its first `find` replaced by `replace`, written to `out`. */
static int write_edited(const char *from, const char *out, const char *find, const char *replace) {
    char *text = read_file(from);
    if (!text) return 0;
    char *at = strstr(text, find);
    if (!at) {
        free(text);
        return 0;
    }
    FILE *file = fopen(out, "wb");
    fwrite(text, 1, (size_t)(at - text), file);
    fputs(replace, file);
    fputs(at + strlen(find), file);
    fclose(file);
    free(text);
    return 1;
}

static void test_a_journal_that_differs_is_a_divergence_named_by_its_line(void) {
    char path[320], edited[320];
    path_in_folder(path, sizeof path, "session.jsonl");
    path_in_folder(edited, sizeof edited, "edited.jsonl");
    /* The recording says the saved user was named otherwise: the library's signal differs. */
    REQUIRE(write_edited(path, edited, "\"signal\":\"did-save\",\"args\":[{\"id\":3,\"name\":\"Grace Hopper\"",
                         "\"signal\":\"did-save\",\"args\":[{\"id\":3,\"name\":\"Grace Brewster\""));
    char *report = NULL;
    CHECK_STATUS(mvvm_replay(edited, NULL, &report), MVVM_E_STATE);
    REQUIRE(report != NULL);
    CHECK(strstr(report, "replay: diverged at journal line ") == report);
    CHECK(strstr(report, "another signal was emitted") != NULL);
    CHECK(strstr(report, "Grace Brewster") != NULL); /* expected */
    CHECK(strstr(report, "Grace Hopper") != NULL);   /* actual */
    CHECK(strstr(report, "the call before it") != NULL);
    mvvm_string_free(report);
}

static void test_journals_that_cannot_be_replayed_are_refused_with_the_reason(void) {
    char path[320], edited[320];
    path_in_folder(path, sizeof path, "session.jsonl");
    path_in_folder(edited, sizeof edited, "other-format.jsonl");
    char *report = NULL;
    REQUIRE(write_edited(path, edited, "\"mvvm_journal\":1", "\"mvvm_journal\":9"));
    CHECK_STATUS(mvvm_replay(edited, NULL, &report), MVVM_E_INVALID_ARGUMENT);
    CHECK(report != NULL && strstr(report, "format 9") != NULL);
    mvvm_string_free(report);
    REQUIRE(write_edited(path, edited, "\"schema\":\"", "\"schema\":\"0"));
    CHECK_STATUS(mvvm_replay(edited, NULL, &report), MVVM_E_INVALID_ARGUMENT);
    CHECK(report != NULL && strstr(report, "schema") != NULL);
    mvvm_string_free(report);
    path_in_folder(edited, sizeof edited, "missing.jsonl");
    CHECK_STATUS(mvvm_replay(edited, NULL, &report), MVVM_E_INVALID_ARGUMENT);
    mvvm_string_free(report);
    CHECK_STATUS(mvvm_replay(NULL, NULL, NULL), MVVM_E_INVALID_ARGUMENT);
    mvvm_replay_options wrong;
    memset(&wrong, 0, sizeof wrong);
    wrong.struct_size = 3;
    CHECK_STATUS(mvvm_replay(path, &wrong, NULL), MVVM_E_INVALID_ARGUMENT);
    /* Not while a runtime runs: replay starts its own. */
    REQUIRE_OK(mvvm_init());
    CHECK_STATUS(mvvm_replay(path, NULL, NULL), MVVM_E_STATE);
    CHECK_OK(mvvm_shutdown());
}

/* ------------------------------------------------------------------------------------------
 * Snapshots and the live viewer's socket
 * ---------------------------------------------------------------------------------------- */

static void test_a_snapshot_lists_live_objects_with_their_properties_and_handlers(void) {
    REQUIRE_OK(mvvm_init());
    mvvm_object *repository = make_sample_repository(10, 5, 0, -1);
    mvvm_object *detail = NULL;
    REQUIRE_OK(mvvm_user_detail_new(repository, 2, &detail));
    recorder saving;
    recorder_reset(&saving);
    CONNECT(detail, "notify::is-saving", on_int32, &saving);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Snap \"shot\""));
    char *json = NULL;
    REQUIRE_OK(mvvm_debug_snapshot(&json));
    const char *start = "{\"snapshot\":1,\"objects\":[";
    CHECK(strncmp(json, start, strlen(start)) == 0);
    CHECK(strstr(json, "\"type\":\"UserDetail\"") != NULL);
    CHECK(strstr(json, "\"type\":\"Repository\"") != NULL);
    CHECK(strstr(json, "\"draft-name\":\"Snap \\\"shot\\\"\"") != NULL);
    CHECK(strstr(json, "\"signal\":\"notify::is-saving\"") != NULL);
    CHECK(strstr(json, "\"journal\":null") != NULL);
    mvvm_string_free(json);
    CHECK_STATUS(mvvm_debug_snapshot(NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_OK(mvvm_shutdown());
    CHECK_STATUS(mvvm_debug_snapshot(&json), MVVM_E_NOT_INITIALIZED);
}

typedef struct {
    char path[120];
    char request[32];
    char reply[65536];
} socket_exchange;

static void *ask_socket(void *argument) {
    socket_exchange *exchange = argument;
    int fd = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un address;
    memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    snprintf(address.sun_path, sizeof address.sun_path, "%s", exchange->path);
    if (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        snprintf(exchange->reply, sizeof exchange->reply, "connect: %s", strerror(errno));
        close(fd);
        return NULL;
    }
    if (write(fd, exchange->request, strlen(exchange->request)) < 0) exchange->reply[0] = '\0';
    size_t length = 0;
    ssize_t got;
    while (length < sizeof exchange->reply - 1 && (got = read(fd, exchange->reply + length, sizeof exchange->reply - 1 - length)) > 0)
        length += (size_t)got;
    exchange->reply[length] = '\0';
    close(fd);
    return NULL;
}

static int exchange_done(void *context) { return ((socket_exchange *)context)->reply[0] != '\0'; }

static void test_the_viewer_socket_exists_only_when_asked_with_mode_0600(void) {
    char journal[320], socket_path[120];
    path_in_folder(journal, sizeof journal, "served.jsonl");
    snprintf(socket_path, sizeof socket_path, "%s/viewer.sock", folder);
    REQUIRE_OK(init_with(journal, 0));
    struct stat status;
    CHECK(stat(socket_path, &status) != 0);
    const char *served = NULL;
    REQUIRE_OK(mvvm_debug_serve(socket_path, &served));
    CHECK_STR_EQ(served, socket_path);
    REQUIRE(stat(socket_path, &status) == 0);
    CHECK(S_ISSOCK(status.st_mode));
    CHECK_EQ(status.st_mode & 0777, 0600);
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    /* A snapshot is taken on the host thread: the client waits for the next dispatch. */
    static socket_exchange exchange;
    memset(&exchange, 0, sizeof exchange);
    snprintf(exchange.path, sizeof exchange.path, "%s", socket_path);
    snprintf(exchange.request, sizeof exchange.request, "snapshot\n");
    pthread_t client;
    REQUIRE(pthread_create(&client, NULL, ask_socket, &exchange) == 0);
    pump_until(exchange_done, &exchange, HARNESS_PUMP_BUDGET);
    pthread_join(client, NULL);
    CHECK(strstr(exchange.reply, "\"type\":\"Stopwatch\"") != NULL);
    CHECK(strstr(exchange.reply, "\n\n") != NULL);
    /* The journal's tail needs no dispatch. */
    memset(&exchange, 0, sizeof exchange);
    snprintf(exchange.path, sizeof exchange.path, "%s", socket_path);
    snprintf(exchange.request, sizeof exchange.request, "tail 3\n");
    REQUIRE(pthread_create(&client, NULL, ask_socket, &exchange) == 0);
    pthread_join(client, NULL);
    CHECK(strstr(exchange.reply, "\"fn\":\"mvvm_stopwatch_new\"") != NULL);
    CHECK_OK(mvvm_object_destroy(stopwatch));
    CHECK_OK(mvvm_shutdown());
    CHECK(stat(socket_path, &status) != 0); /* shutdown removed it */
}

/* ------------------------------------------------------------------------------------------
 * The leak report
 * ---------------------------------------------------------------------------------------- */

static void test_the_leak_report_names_what_the_host_never_released(void) {
    char journal[320];
    path_in_folder(journal, sizeof journal, "leaks.jsonl");
    REQUIRE_OK(init_with(journal, MVVM_INIT_REPORT_LEAKS));
    mvvm_object *repository = make_sample_repository(10, 5, 0, -1);
    mvvm_object *list = NULL;
    REQUIRE_OK(mvvm_user_list_new(repository, &list)); /* never destroyed */
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    mvvm_command_fn function = NULL;
    uint64_t closure = 0;
    CHECK_OK(mvvm_command_closure_new(list, "refresh", &function, &closure)); /* never freed */
    CHECK_OK(mvvm_shutdown());
    const char *report = mvvm_debug_leak_report();
    CHECK(strstr(report, "leak report: 3 things were never released") != NULL);
    CHECK(strstr(report, "(a UserList), made by mvvm_user_list_new (journal line ") != NULL);
    CHECK(strstr(report, "1 connection still connected") != NULL);
    CHECK(strstr(report, "(a Repository), made by mvvm_repository_new_sample") != NULL);
    CHECK(strstr(report, "command closure 1, made by mvvm_command_closure_new") != NULL);
    /* Everything released: an empty report. */
    REQUIRE_OK(init_with(NULL, MVVM_INIT_REPORT_LEAKS));
    repository = make_sample_repository(10, 5, 0, -1);
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_OK(mvvm_shutdown());
    CHECK_STR_EQ(mvvm_debug_leak_report(), "");
}

int main(void) {
    snprintf(folder, sizeof folder, "%s/mvvm-debugging-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(folder)) return 2;
    RUN_TEST(test_options_of_0_1s_size_still_start_the_runtime);
    RUN_TEST(test_a_journal_records_calls_signals_and_the_handlers_calls);
    RUN_TEST(test_mvvm_trace_names_the_journal_and_the_options_win);
    RUN_TEST(test_a_journal_replays_identically);
    RUN_TEST(test_a_journal_that_differs_is_a_divergence_named_by_its_line);
    RUN_TEST(test_journals_that_cannot_be_replayed_are_refused_with_the_reason);
    RUN_TEST(test_a_snapshot_lists_live_objects_with_their_properties_and_handlers);
    RUN_TEST(test_the_viewer_socket_exists_only_when_asked_with_mode_0600);
    RUN_TEST(test_the_leak_report_names_what_the_host_never_released);
    RUN_TEST(test_a_failed_write_turns_the_journal_off_and_the_application_goes_on);
    char command[400];
    snprintf(command, sizeof command, "rm -rf '%s'", folder);
    if (!getenv("CABI_KEEP_FILES") && system(command) != 0) fprintf(stderr, "could not remove %s\n", folder);
    return harness_finish();
}
