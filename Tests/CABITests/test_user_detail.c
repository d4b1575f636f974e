/* test_user_detail.c: the user detail screen (seed 000): loading, the draft and its validation
 * (empty, white space, too long, control characters, invalid UTF-8), can-save, saving,
 * did-save, and a failed save that keeps the draft. */
#include "harness.h"

typedef struct fixture {
    mvvm_object *repository;
    mvvm_object *vm;
    recorder user, draft, is_saving, is_dirty, can_save, validation, error, did_save;
} fixture;

static void connect_all(fixture *f) {
    CONNECT(f->vm, "notify::user", on_user, &f->user);
    CONNECT(f->vm, "notify::draft-name", on_string, &f->draft);
    CONNECT(f->vm, "notify::is-saving", on_int32, &f->is_saving);
    CONNECT(f->vm, "notify::is-dirty", on_int32, &f->is_dirty);
    CONNECT(f->vm, "notify::can-save", on_int32, &f->can_save);
    CONNECT(f->vm, "notify::validation-message", on_string, &f->validation);
    CONNECT(f->vm, "notify::error-message", on_string, &f->error);
    CONNECT(f->vm, "did-save", on_user, &f->did_save);
}

static void setup(fixture *f, int64_t user_id, int32_t fail_every_nth) {
    memset(f, 0, sizeof *f);
    f->repository = make_sample_repository(30, 10, -1, fail_every_nth);
    CHECK_OK(mvvm_user_detail_new(f->repository, user_id, &f->vm));
    connect_all(f);
}

static void reset_recorders(fixture *f) {
    recorder *all[] = {&f->user, &f->draft, &f->is_saving, &f->is_dirty, &f->can_save, &f->validation, &f->error, &f->did_save};
    for (size_t i = 0; i < 8; i++) {
        int destroyed = all[i]->destroyed;
        recorder_reset(all[i]);
        all[i]->destroyed = destroyed;
    }
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_OK(mvvm_object_destroy(f->repository));
    recorder *all[] = {&f->user, &f->draft, &f->is_saving, &f->is_dirty, &f->can_save, &f->validation, &f->error, &f->did_save};
    for (size_t i = 0; i < 8; i++) CHECK_EQ(all[i]->destroyed, 1);
}

static void load(fixture *f) {
    CHECK_OK(mvvm_user_detail_on_appear(f->vm));
    PUMP_UNTIL(f->user.calls > 0 || f->error.calls > 0, HARNESS_PUMP_BUDGET);
}

static int32_t get_flag(mvvm_status (*getter)(mvvm_object *, int32_t *), mvvm_object *vm) {
    int32_t value = -1;
    CHECK_OK(getter(vm, &value));
    return value;
}

/* The draft as the getter reports it, copied. */
static const char *draft_of(mvvm_object *vm) {
    static char copy[1024];
    const char *draft = NULL;
    CHECK_OK(mvvm_user_detail_get_draft_name(vm, &draft));
    CHECK(draft != NULL);
    snprintf(copy, sizeof copy, "%s", draft != NULL ? draft : "(null)");
    return copy;
}

static int validation_is_null(mvvm_object *vm) {
    const char *message = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_user_detail_get_validation_message(vm, &message));
    return message == NULL;
}

static void test_before_loading_nothing_is_known(void) {
    fixture f;
    setup(&f, 3, -1);
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_USER_DETAIL);
    int32_t loaded = -1;
    mvvm_user user = {99, "untouched", "untouched"};
    CHECK_OK(mvvm_user_detail_get_user(f.vm, &loaded, &user));
    CHECK_EQ(loaded, 0);
    CHECK_EQ(user.id, 99); /* *out_user untouched before the load */
    CHECK_STR_EQ(user.name, "untouched");
    CHECK_STR_EQ(draft_of(f.vm), ""); /* never NULL */
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_saving, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
    CHECK(validation_is_null(f.vm)); /* an empty field does not complain while loading */
    const char *error = (const char *)(uintptr_t)1;
    CHECK_OK(mvvm_user_detail_get_error_message(f.vm, &error));
    CHECK(error == NULL);
    /* Saving before the load does nothing. */
    CHECK_OK(mvvm_user_detail_save(f.vm));
    CHECK_EQ(f.is_saving.calls, 0);
    teardown(&f);
}

static void test_on_appear_loads_the_user_into_the_draft(void) {
    fixture f;
    setup(&f, 3, -1);
    load(&f);
    CHECK_EQ(f.user.calls, 1);
    CHECK_EQ(f.user.user_id, 3);
    CHECK(f.user.text[0] != '\0');
    CHECK(strchr(f.user.email, '@') != NULL);
    CHECK_EQ(f.draft.calls, 1);
    CHECK_STR_EQ(f.draft.text, f.user.text);
    /* is-dirty is derived from both the user and the draft, which both changed in that one
     * delivery; but it was 0 before the load and is 0 after (the draft is the loaded name):
     * a notification means a change, so there is none. can-save stays 0 the same way. */
    CHECK_EQ(f.is_dirty.calls, 0);
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 0);
    CHECK_EQ(f.can_save.calls, 0);
    CHECK_EQ(f.validation.calls, 0);
    CHECK_EQ(f.error.calls, 0);
    int32_t loaded = 0;
    mvvm_user user;
    CHECK_OK(mvvm_user_detail_get_user(f.vm, &loaded, &user));
    CHECK_EQ(loaded, 1);
    CHECK_EQ(user.id, 3);
    CHECK_STR_EQ(user.name, f.user.text);
    CHECK_STR_EQ(user.email, f.user.email);
    CHECK_STR_EQ(draft_of(f.vm), f.user.text);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
    CHECK(validation_is_null(f.vm));
    /* The same as the user list's row of that user. */
    mvvm_object *list = NULL;
    CHECK_OK(mvvm_user_list_new(f.repository, &list));
    recorder rows;
    recorder_reset(&rows);
    CONNECT(list, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_user_list_on_appear(list));
    PUMP_UNTIL(rows.calls == 1, HARNESS_PUMP_BUDGET);
    mvvm_user row;
    CHECK_OK(mvvm_user_list_get_row(list, 2, &row));
    CHECK_STR_EQ(row.name, f.user.text);
    CHECK_OK(mvvm_object_destroy(list));
    /* Appearing again loads nothing more. */
    CHECK_OK(mvvm_user_detail_on_appear(f.vm));
    pump_until_idle(5);
    CHECK_EQ(f.user.calls, 1);
    teardown(&f);
}

static void test_editing_the_draft_updates_dirty_and_can_save_at_once(void) {
    fixture f;
    setup(&f, 2, -1);
    load(&f);
    char name[256];
    snprintf(name, sizeof name, "%s", f.user.text);
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Grace Hopper"));
    /* Delivered at the end of the command. */
    CHECK_EQ(f.draft.calls, 1);
    CHECK_STR_EQ(f.draft.text, "Grace Hopper");
    CHECK_EQ(f.is_dirty.calls, 1);
    CHECK_EQ(f.is_dirty.value, 1);
    CHECK_EQ(f.can_save.calls, 1);
    CHECK_EQ(f.can_save.value, 1);
    CHECK_EQ(f.validation.calls, 0); /* still valid: nothing to announce */
    CHECK_STR_EQ(draft_of(f.vm), "Grace Hopper");
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 1);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 1);
    /* The draft is copied: the caller's buffer may change afterwards. */
    char buffer[32] = "Mutable Name";
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, buffer));
    buffer[0] = 'X';
    CHECK_STR_EQ(draft_of(f.vm), "Mutable Name");
    /* Surrounding white space does not make a draft dirty. */
    char padded[300];
    snprintf(padded, sizeof padded, "  %s \t", name);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, padded));
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
    teardown(&f);
}

typedef struct draft_case {
    const char *draft;
    int valid;
} draft_case;

static void test_validation_refuses_empty_blank_too_long_and_control_characters(void) {
    fixture f;
    setup(&f, 1, -1);
    load(&f);
    char eighty[81], eighty_one[82], accented_80[161], accented_81[163];
    memset(eighty, 'a', 80);
    eighty[80] = '\0';
    memset(eighty_one, 'b', 81);
    eighty_one[81] = '\0';
    for (int i = 0; i < 80; i++) memcpy(&accented_80[2 * i], "\xc3\xa9", 2); /* é: 2 bytes, 1 character */
    accented_80[160] = '\0';
    memcpy(accented_81, accented_80, 160);
    memcpy(&accented_81[160], "\xc3\xa9", 3);
    const draft_case cases[] = {
        {"", 0},
        {"   ", 0},
        {" \t\n\r ", 0},
        {eighty, 1},
        {eighty_one, 0},
        {accented_80, 1},      /* characters are counted, not bytes */
        {accented_81, 0},
        {"Tab\tInside", 0},    /* a control character inside the name */
        {"Line\nBreak", 0},
        {"Zo\xc3\xab \xf0\x9f\x9a\x80", 1}, /* Zoë 🚀 */
        {"  Padded Valid  ", 1},
        {"Valid Again", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        reset_recorders(&f);
        CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, cases[i].draft));
        CHECK_STR_EQ(draft_of(f.vm), cases[i].draft); /* stored as given, byte for byte */
        const char *message = NULL;
        CHECK_OK(mvvm_user_detail_get_validation_message(f.vm, &message));
        if (cases[i].valid) {
            if (message != NULL) harness_report(__FILE__, __LINE__, cases[i].draft, "refused a valid draft");
            CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 1);
        } else {
            if (message == NULL || message[0] == '\0') harness_report(__FILE__, __LINE__, cases[i].draft, "accepted an invalid draft");
            CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
        }
    }
    /* The validation message is announced when it changes. */
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, ""));
    CHECK_EQ(f.validation.calls, 1);
    CHECK(!f.validation.string_was_null);
    CHECK(f.validation.text[0] != '\0');
    CHECK_EQ(f.can_save.value, 0);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Fine"));
    CHECK_EQ(f.validation.calls, 2);
    CHECK(f.validation.string_was_null);
    teardown(&f);
}

static void test_invalid_utf8_drafts_are_refused_and_change_nothing(void) {
    fixture f;
    setup(&f, 1, -1);
    load(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Before"));
    reset_recorders(&f);
    static const char *const invalid[] = {
        "\xff",                 /* never valid in UTF-8 */
        "abc\xc3",              /* truncated sequence */
        "\xc0\xaf",             /* overlong encoding of '/' */
        "\xed\xa0\x80",         /* UTF-16 surrogate */
        "\xf4\x90\x80\x80",     /* beyond U+10FFFF */
        "ok\x80ok",             /* stray continuation byte */
    };
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        CHECK_STATUS(mvvm_user_detail_set_draft_name(f.vm, invalid[i]), MVVM_E_INVALID_UTF8);
    }
    CHECK_STATUS(mvvm_user_detail_set_draft_name(f.vm, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK_STR_EQ(draft_of(f.vm), "Before");
    CHECK_EQ(f.draft.calls + f.is_dirty.calls + f.can_save.calls + f.validation.calls, 0);
    /* Still editable. */
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "After"));
    CHECK_EQ(f.draft.calls, 1);
    teardown(&f);
}

static void test_saving_an_invalid_draft_sets_the_error_and_saves_nothing(void) {
    fixture f;
    setup(&f, 1, -1);
    load(&f);
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "   "));
    CHECK_OK(mvvm_user_detail_save(f.vm));
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    CHECK(f.error.text[0] != '\0');
    CHECK_EQ(f.is_saving.calls, 0);
    pump_until_idle(5);
    CHECK_EQ(f.did_save.calls, 0);
    CHECK_STR_EQ(draft_of(f.vm), "   ");
    teardown(&f);
}

typedef struct save_observer {
    mvvm_object *vm;
    int calls;
    int32_t is_saving_seen;
    int32_t is_dirty_seen;
    char user_name_seen[256];
} save_observer;

/* On did-save, the screen already reads as saved. */
static void observe_did_save(mvvm_object *vm, const mvvm_user *saved, void *user_data) {
    (void)saved;
    save_observer *o = user_data;
    o->calls++;
    CHECK_OK(mvvm_user_detail_get_is_saving(vm, &o->is_saving_seen));
    CHECK_OK(mvvm_user_detail_get_is_dirty(vm, &o->is_dirty_seen));
    int32_t loaded = 0;
    mvvm_user user;
    CHECK_OK(mvvm_user_detail_get_user(vm, &loaded, &user));
    snprintf(o->user_name_seen, sizeof o->user_name_seen, "%s", loaded ? user.name : "");
}

static void test_saving_stores_the_trimmed_draft_and_emits_did_save(void) {
    fixture f;
    setup(&f, 4, -1);
    load(&f);
    save_observer observer = {f.vm, 0, -1, -1, ""};
    CHECK_OK(mvvm_signal_connect(f.vm, "did-save", MVVM_CALLBACK(observe_did_save), &observer, NULL, NULL));
    /* An earlier refusal leaves an error message; a valid save clears it. */
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, ""));
    CHECK_OK(mvvm_user_detail_save(f.vm));
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "  Ada Lovelace  "));
    CHECK_EQ(f.can_save.value, 1);
    CHECK_OK(mvvm_user_detail_save(f.vm));
    CHECK_EQ(f.is_saving.calls, 1);
    CHECK_EQ(f.is_saving.value, 1);
    CHECK_EQ(f.can_save.value, 0); /* not while saving */
    CHECK_EQ(f.error.calls, 1);
    CHECK(f.error.string_was_null);
    CHECK_EQ(f.did_save.calls, 0); /* stored later, through the loop */
    /* A second save while saving is ignored. */
    CHECK_OK(mvvm_user_detail_save(f.vm));
    PUMP_UNTIL(f.did_save.calls == 1, HARNESS_PUMP_BUDGET);
    pump_until_idle(5);
    CHECK_EQ(f.did_save.calls, 1);
    CHECK_EQ(f.did_save.user_id, 4);
    CHECK_STR_EQ(f.did_save.text, "Ada Lovelace");
    CHECK(strchr(f.did_save.email, '@') != NULL);
    CHECK_EQ(observer.calls, 1);
    CHECK_EQ(observer.is_saving_seen, 0);
    CHECK_EQ(observer.is_dirty_seen, 0);
    CHECK_STR_EQ(observer.user_name_seen, "Ada Lovelace");
    CHECK_EQ(f.is_saving.value, 0);
    CHECK_STR_EQ(f.user.text, "Ada Lovelace");
    CHECK_STR_EQ(f.draft.text, "Ada Lovelace");
    CHECK_STR_EQ(draft_of(f.vm), "Ada Lovelace");
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 0);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
    /* Saving an unchanged draft does nothing. */
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_save(f.vm));
    pump_until_idle(5);
    CHECK_EQ(f.is_saving.calls + f.did_save.calls, 0);
    /* The repository kept it: a new screen loads the new name. */
    mvvm_object *again = NULL;
    CHECK_OK(mvvm_user_detail_new(f.repository, 4, &again));
    recorder user;
    recorder_reset(&user);
    CONNECT(again, "notify::user", on_user, &user);
    CHECK_OK(mvvm_user_detail_on_appear(again));
    PUMP_UNTIL(user.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(user.text, "Ada Lovelace");
    CHECK_OK(mvvm_object_destroy(again));
    teardown(&f);
}

static void test_a_failed_save_keeps_the_draft(void) {
    fixture f;
    setup(&f, 5, 2); /* call 1 (load) works, call 2 (save) fails, call 3 works */
    load(&f);
    char original[256];
    snprintf(original, sizeof original, "%s", f.user.text);
    reset_recorders(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Kept Draft"));
    CHECK_OK(mvvm_user_detail_save(f.vm));
    CHECK_EQ(f.is_saving.value, 1);
    PUMP_UNTIL(f.is_saving.calls >= 2 && f.is_saving.value == 0, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f.did_save.calls, 0);
    CHECK(!f.error.string_was_null);
    CHECK(f.error.text[0] != '\0');
    const char *error = NULL;
    CHECK_OK(mvvm_user_detail_get_error_message(f.vm, &error));
    CHECK_STR_EQ(error, f.error.text);
    CHECK_STR_EQ(draft_of(f.vm), "Kept Draft");
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 1);
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 1);
    int32_t loaded = 0;
    mvvm_user user;
    CHECK_OK(mvvm_user_detail_get_user(f.vm, &loaded, &user));
    CHECK_STR_EQ(user.name, original);
    /* Retrying succeeds. */
    CHECK_OK(mvvm_user_detail_save(f.vm));
    PUMP_UNTIL(f.did_save.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_STR_EQ(f.did_save.text, "Kept Draft");
    CHECK_OK(mvvm_user_detail_get_error_message(f.vm, &error));
    CHECK(error == NULL);
    teardown(&f);
}

static void test_a_failed_load_reports_an_error_and_can_be_retried(void) {
    fixture f;
    setup(&f, 1, 1); /* every call fails */
    load(&f);
    CHECK_EQ(f.user.calls, 0);
    CHECK_EQ(f.error.calls, 1);
    CHECK(!f.error.string_was_null);
    char first_message[RECORDER_TEXT];
    snprintf(first_message, sizeof first_message, "%s", f.error.text);
    int32_t loaded = -1;
    mvvm_user user;
    CHECK_OK(mvvm_user_detail_get_user(f.vm, &loaded, &user));
    CHECK_EQ(loaded, 0);
    /* on_appear retries after a failure and fails again here, with the very same message:
     * the error message did not change, so it is not announced again. */
    CHECK_OK(mvvm_user_detail_on_appear(f.vm));
    pump_until_idle(10);
    CHECK_EQ(f.error.calls, 1);
    const char *message = NULL;
    CHECK_OK(mvvm_user_detail_get_error_message(f.vm, &message));
    CHECK_STR_EQ(message, first_message);
    CHECK_OK(mvvm_user_detail_get_user(f.vm, &loaded, &user));
    CHECK_EQ(loaded, 0);
    teardown(&f);
}

/* A host repository for the retry test: fetch_user fails with the message the test sets. */
typedef struct failing_host {
    int fetches;
    const char *message; /* NULL: answer with the user */
    mvvm_status answer_status;
} failing_host;

static void failing_fetch_user(void *user_data, mvvm_request *request, int64_t user_id) {
    failing_host *h = user_data;
    h->fetches++;
    if (h->message != NULL) {
        h->answer_status = mvvm_request_fail(request, h->message);
    } else {
        mvvm_user user = {user_id, "Loaded At Last", "last@example.com"};
        h->answer_status = mvvm_request_resolve_user(request, &user);
    }
}

static void failing_fetch_users(void *user_data, mvvm_request *request, int64_t page) {
    (void)user_data;
    (void)page;
    mvvm_request_fail(request, "not used");
}

static void failing_update_user(void *user_data, mvvm_request *request, const mvvm_user *user) {
    (void)user_data;
    mvvm_request_resolve_user(request, user);
}

static void test_a_retried_load_failing_the_same_way_is_not_announced_again(void) {
    failing_host h = {0, "Offline.", MVVM_OK};
    mvvm_user_repository_vtable table;
    memset(&table, 0, sizeof table);
    table.struct_size = sizeof table;
    table.fetch_users = failing_fetch_users;
    table.fetch_user = failing_fetch_user;
    table.update_user = failing_update_user;
    fixture f;
    memset(&f, 0, sizeof f);
    REQUIRE_OK(mvvm_repository_new_host(&table, NULL, &h, NULL, &f.repository));
    REQUIRE_OK(mvvm_user_detail_new(f.repository, 8, &f.vm));
    connect_all(&f);

    load(&f);
    CHECK_EQ(h.fetches, 1);
    CHECK_EQ(h.answer_status, MVVM_OK);
    CHECK_EQ(f.error.calls, 1);
    CHECK_STR_EQ(f.error.text, "Offline.");
    /* The retry really asks the repository again, and fails the same way: no notification. */
    CHECK_OK(mvvm_user_detail_on_appear(f.vm));
    PUMP_UNTIL(h.fetches == 2, HARNESS_PUMP_BUDGET);
    pump_until_idle(10);
    CHECK_EQ(f.error.calls, 1);
    const char *message = NULL;
    CHECK_OK(mvvm_user_detail_get_error_message(f.vm, &message));
    CHECK_STR_EQ(message, "Offline.");
    /* Another message is a change. */
    h.message = "Still offline.";
    CHECK_OK(mvvm_user_detail_on_appear(f.vm));
    PUMP_UNTIL(f.error.calls == 2, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.fetches, 3);
    CHECK_STR_EQ(f.error.text, "Still offline.");
    /* And then a load that works. */
    h.message = NULL;
    CHECK_OK(mvvm_user_detail_on_appear(f.vm));
    PUMP_UNTIL(f.user.calls == 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(h.fetches, 4);
    CHECK_EQ(f.user.user_id, 8);
    CHECK_STR_EQ(f.user.text, "Loaded At Last");
    CHECK_STR_EQ(draft_of(f.vm), "Loaded At Last");
    teardown(&f);
}

static void test_an_unknown_user_fails_to_load(void) {
    fixture f;
    setup(&f, 9999, -1);
    load(&f);
    CHECK_EQ(f.user.calls, 0);
    CHECK_EQ(f.error.calls, 1);
    CHECK(f.error.text[0] != '\0');
    teardown(&f);
}

static void test_destroying_the_screen_during_a_save_lands_nothing(void) {
    fixture f;
    setup(&f, 6, -1);
    load(&f);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Gone"));
    CHECK_OK(mvvm_user_detail_save(f.vm));
    CHECK_OK(mvvm_object_destroy(f.vm));
    pump_until_idle(10);
    CHECK_EQ(f.did_save.calls, 0);
    CHECK_EQ(f.did_save.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

/* The sample repository's latency is a main-queue timer (MainQueueSleep): the load lands
 * through the host's loop once the time has passed, not before. */
/* A detail of `user_id` over a sample repository with 30 ms of latency, its load started
 * (one dispatch: the load runs up to its wait). */
static void start_loading_with_latency(fixture *f, int64_t user_id) {
    memset(f, 0, sizeof *f);
    f->repository = make_sample_repository(30, 10, 30, -1);
    CHECK_OK(mvvm_user_detail_new(f->repository, user_id, &f->vm));
    connect_all(f);
    CHECK_OK(mvvm_user_detail_on_appear(f->vm));
    int32_t dispatched = 0;
    CHECK_OK(mvvm_run(0, &dispatched));
}

static void test_a_simulated_latency_is_waited_out_in_the_host_loop(void) {
    fixture f;
    start_loading_with_latency(&f, 4);
    CHECK_EQ(f.user.calls, 0);
    PUMP_UNTIL(f.user.calls > 0, HARNESS_PUMP_BUDGET);
    CHECK_EQ(f.user.calls, 1);
    CHECK_EQ(f.user.user_id, 4);
    CHECK_EQ(f.error.calls, 0);
    teardown(&f);
}

/* Destroying the screen cancels its load while it waits out the latency: the wait ends at
 * once (its timer later finds nothing to resume) and no answer lands. */
static void test_destroying_the_screen_during_the_latency_lands_nothing(void) {
    fixture f;
    start_loading_with_latency(&f, 5);
    CHECK_OK(mvvm_object_destroy(f.vm));
    for (int i = 0; i < 4; i++) harness_pump_once(); /* 80 ms: past the timer */
    CHECK_EQ(f.user.calls, 0);
    CHECK_EQ(f.user.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(f.repository));
}

static void test_a_draft_typed_before_loading_is_replaced_by_the_loaded_name(void) {
    fixture f;
    setup(&f, 7, -1);
    CHECK_OK(mvvm_user_detail_set_draft_name(f.vm, "Early"));
    CHECK(validation_is_null(f.vm));
    CHECK_EQ(get_flag(mvvm_user_detail_get_can_save, f.vm), 0);
    load(&f);
    CHECK_STR_EQ(draft_of(f.vm), f.user.text);
    CHECK_EQ(get_flag(mvvm_user_detail_get_is_dirty, f.vm), 0);
    teardown(&f);
}

int main(void) {
    harness_init();
    RUN_TEST(test_before_loading_nothing_is_known);
    RUN_TEST(test_on_appear_loads_the_user_into_the_draft);
    RUN_TEST(test_editing_the_draft_updates_dirty_and_can_save_at_once);
    RUN_TEST(test_validation_refuses_empty_blank_too_long_and_control_characters);
    RUN_TEST(test_invalid_utf8_drafts_are_refused_and_change_nothing);
    RUN_TEST(test_saving_an_invalid_draft_sets_the_error_and_saves_nothing);
    RUN_TEST(test_saving_stores_the_trimmed_draft_and_emits_did_save);
    RUN_TEST(test_a_failed_save_keeps_the_draft);
    RUN_TEST(test_a_failed_load_reports_an_error_and_can_be_retried);
    RUN_TEST(test_a_retried_load_failing_the_same_way_is_not_announced_again);
    RUN_TEST(test_an_unknown_user_fails_to_load);
    RUN_TEST(test_destroying_the_screen_during_a_save_lands_nothing);
    RUN_TEST(test_a_draft_typed_before_loading_is_replaced_by_the_loaded_name);
    RUN_TEST(test_a_simulated_latency_is_waited_out_in_the_host_loop);
    RUN_TEST(test_destroying_the_screen_during_the_latency_lands_nothing);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
