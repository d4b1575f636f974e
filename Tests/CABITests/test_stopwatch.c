/* test_stopwatch.c: the stopwatch (seed 004): start, ticks through the library's descriptor
 * (pumped until the elapsed text changes), laps, stop, resume from the reading, reset. */
#include "harness.h"

typedef struct fixture {
    mvvm_object *vm;
    recorder elapsed, button, running, lap_enabled, lap_count, laps;
} fixture;

static void setup(fixture *f) {
    memset(f, 0, sizeof *f);
    CHECK_OK(mvvm_stopwatch_new(&f->vm));
    CONNECT(f->vm, "notify::elapsed-text", on_string, &f->elapsed);
    CONNECT(f->vm, "notify::button-text", on_string, &f->button);
    CONNECT(f->vm, "notify::is-running", on_int32, &f->running);
    CONNECT(f->vm, "notify::is-lap-enabled", on_int32, &f->lap_enabled);
    CONNECT(f->vm, "notify::lap-count", on_int64, &f->lap_count);
    CONNECT(f->vm, "laps-changed", on_changes, &f->laps);
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    recorder *all[] = {&f->elapsed, &f->button, &f->running, &f->lap_enabled, &f->lap_count, &f->laps};
    for (size_t i = 0; i < 6; i++) CHECK_EQ(all[i]->destroyed, 1);
}

/* A copy of a string getter's result. */
static const char *text_of(mvvm_status (*getter)(mvvm_object *, const char **), mvvm_object *vm, char *buffer) {
    const char *text = NULL;
    CHECK_OK(getter(vm, &text));
    snprintf(buffer, 64, "%s", text != NULL ? text : "(null)");
    return buffer;
}

static int32_t flag_of(mvvm_status (*getter)(mvvm_object *, int32_t *), mvvm_object *vm) {
    int32_t value = -1;
    CHECK_OK(getter(vm, &value));
    return value;
}

static int64_t lap_count(mvvm_object *vm) {
    int64_t count = -1;
    CHECK_OK(mvvm_stopwatch_get_lap_count(vm, &count));
    return count;
}

/* "mm:ss.cc" */
static int is_elapsed_format(const char *text) {
    if (strlen(text) != 8 || text[2] != ':' || text[5] != '.') return 0;
    static const int digits[] = {0, 1, 3, 4, 6, 7};
    for (size_t i = 0; i < 6; i++) {
        if (text[digits[i]] < '0' || text[digits[i]] > '9') return 0;
    }
    return text[3] <= '5';
}

/* Pumps until the elapsed text is announced with a value other than `than`. */
static void pump_until_elapsed_differs(fixture *f, const char *than) {
    f->elapsed.calls = 0;
    PUMP_UNTIL(f->elapsed.calls > 0 && strcmp(f->elapsed.text, than) != 0, HARNESS_PUMP_BUDGET);
}

static void test_a_new_stopwatch_is_stopped_at_zero(void) {
    fixture f;
    setup(&f);
    char buffer[64];
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_STOPWATCH);
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_elapsed_text, f.vm, buffer), "00:00.00");
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_button_text, f.vm, buffer), "Start");
    CHECK_EQ(flag_of(mvvm_stopwatch_get_is_running, f.vm), 0);
    CHECK_EQ(flag_of(mvvm_stopwatch_get_is_lap_enabled, f.vm), 0);
    CHECK_EQ(lap_count(f.vm), 0);
    const char *lap = (const char *)(uintptr_t)1;
    CHECK_STATUS(mvvm_stopwatch_get_lap(f.vm, 0, &lap), MVVM_E_OUT_OF_RANGE);
    CHECK(lap == (const char *)(uintptr_t)1);
    /* No ticks while stopped. */
    int32_t dispatched = 0;
    CHECK_OK(mvvm_run(40, &dispatched));
    CHECK_EQ(f.elapsed.calls, 0);
    /* A lap while stopped does nothing. */
    CHECK_OK(mvvm_stopwatch_lap(f.vm));
    CHECK_EQ(lap_count(f.vm), 0);
    CHECK_EQ(f.laps.calls, 0);
    teardown(&f);
}

static void test_the_full_cycle_start_tick_lap_stop_resume_reset(void) {
    fixture f;
    setup(&f);
    char buffer[64], stopped_at[64], lap0[64];

    /* Start: the button and flags change at once. */
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    CHECK_EQ(f.running.calls, 1);
    CHECK_EQ(f.running.value, 1);
    CHECK_EQ(f.button.calls, 1);
    CHECK_STR_EQ(f.button.text, "Stop");
    CHECK_EQ(f.lap_enabled.value, 1);
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_button_text, f.vm, buffer), "Stop");

    /* Ticks arrive through the descriptor. */
    pump_until_elapsed_differs(&f, "00:00.00");
    CHECK(is_elapsed_format(f.elapsed.text));
    CHECK(strcmp(f.elapsed.text, "00:00.00") > 0);

    /* A lap records the reading of that moment. */
    text_of(mvvm_stopwatch_get_elapsed_text, f.vm, buffer);
    CHECK_OK(mvvm_stopwatch_lap(f.vm));
    CHECK_EQ(f.laps.change_sets, 1);
    CHECK_CHANGE(&f.laps, 0, MVVM_LIST_INSERT, 0, 1);
    CHECK_EQ(f.lap_count.calls, 1);
    CHECK_EQ(f.lap_count.value, 1);
    CHECK_EQ(lap_count(f.vm), 1);
    const char *lap = NULL;
    CHECK_OK(mvvm_stopwatch_get_lap(f.vm, 0, &lap));
    CHECK_STR_EQ(lap, buffer);
    snprintf(lap0, sizeof lap0, "%s", lap != NULL ? lap : "");
    CHECK(is_elapsed_format(lap0));

    /* A second lap, later: appended at the end (newest last). */
    pump_until_elapsed_differs(&f, lap0);
    CHECK_OK(mvvm_stopwatch_lap(f.vm));
    CHECK_EQ(f.laps.change_sets, 2);
    CHECK_CHANGE(&f.laps, 1, MVVM_LIST_INSERT, 1, 1);
    CHECK_EQ(f.lap_count.value, 2);
    CHECK_OK(mvvm_stopwatch_get_lap(f.vm, 1, &lap));
    CHECK(lap != NULL && strcmp(lap, lap0) > 0);
    CHECK_OK(mvvm_stopwatch_get_lap(f.vm, 0, &lap));
    CHECK_STR_EQ(lap, lap0);
    CHECK_STATUS(mvvm_stopwatch_get_lap(f.vm, 2, &lap), MVVM_E_OUT_OF_RANGE);
    CHECK_STATUS(mvvm_stopwatch_get_lap(f.vm, -1, &lap), MVVM_E_OUT_OF_RANGE);

    /* Stop: the reading holds. */
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    CHECK_EQ(f.running.value, 0);
    CHECK_STR_EQ(f.button.text, "Start");
    CHECK_EQ(f.lap_enabled.value, 0);
    text_of(mvvm_stopwatch_get_elapsed_text, f.vm, stopped_at);
    int32_t dispatched = 0;
    for (int i = 0; i < 3; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_elapsed_text, f.vm, buffer), stopped_at);
    CHECK_OK(mvvm_stopwatch_lap(f.vm)); /* ignored while stopped */
    CHECK_EQ(lap_count(f.vm), 2);

    /* Resume: counting carries on from the reading; the laps stay. */
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    CHECK_EQ(f.running.value, 1);
    pump_until_elapsed_differs(&f, stopped_at);
    CHECK(strcmp(f.elapsed.text, stopped_at) > 0);
    CHECK_EQ(lap_count(f.vm), 2);

    /* Reset: stopped, zero, no laps, announced as a reset of the lap list. */
    size_t sets = f.laps.change_sets;
    CHECK_OK(mvvm_stopwatch_reset(f.vm));
    CHECK_EQ(f.running.value, 0);
    CHECK_STR_EQ(f.button.text, "Start");
    CHECK_EQ(f.lap_enabled.value, 0);
    CHECK_STR_EQ(f.elapsed.text, "00:00.00");
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_elapsed_text, f.vm, buffer), "00:00.00");
    CHECK_EQ(f.laps.change_sets, sets + 1);
    CHECK_CHANGE(&f.laps, f.laps.change_count - 1, MVVM_LIST_RESET, 0, 0);
    CHECK_EQ(f.lap_count.value, 0);
    CHECK_EQ(lap_count(f.vm), 0);
    CHECK_STATUS(mvvm_stopwatch_get_lap(f.vm, 0, &lap), MVVM_E_OUT_OF_RANGE);
    for (int i = 0; i < 3; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_elapsed_text, f.vm, buffer), "00:00.00");

    /* And it starts again from zero. */
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    pump_until_elapsed_differs(&f, "00:00.00");
    CHECK(is_elapsed_format(f.elapsed.text));
    CHECK_EQ(flag_of(mvvm_stopwatch_get_is_running, f.vm), 1);
    teardown(&f);
}

static void test_reset_while_running_stops_the_ticks(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    pump_until_elapsed_differs(&f, "00:00.00");
    CHECK_OK(mvvm_stopwatch_reset(f.vm));
    f.elapsed.calls = 0;
    int32_t dispatched = 0;
    for (int i = 0; i < 3; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_EQ(f.elapsed.calls, 0);
    CHECK_EQ(flag_of(mvvm_stopwatch_get_is_running, f.vm), 0);
    teardown(&f);
}

static void test_destroying_a_running_stopwatch_stops_it(void) {
    fixture f;
    setup(&f);
    CHECK_OK(mvvm_stopwatch_button_tapped(f.vm));
    pump_until_elapsed_differs(&f, "00:00.00");
    int calls = f.elapsed.calls;
    CHECK_OK(mvvm_object_destroy(f.vm));
    int32_t dispatched = 0;
    for (int i = 0; i < 3; i++) CHECK_OK(mvvm_run(30, &dispatched));
    CHECK_EQ(f.elapsed.calls, calls);
    CHECK_EQ(f.elapsed.destroyed, 1);
    CHECK_EQ(f.laps.destroyed, 1);
}

static void test_two_stopwatches_run_independently(void) {
    fixture a, b;
    setup(&a);
    setup(&b);
    char buffer[64];
    CHECK_OK(mvvm_stopwatch_button_tapped(a.vm));
    pump_until_elapsed_differs(&a, "00:00.00");
    CHECK_EQ(b.elapsed.calls, 0);
    CHECK_STR_EQ(text_of(mvvm_stopwatch_get_elapsed_text, b.vm, buffer), "00:00.00");
    CHECK_EQ(flag_of(mvvm_stopwatch_get_is_running, b.vm), 0);
    teardown(&a);
    teardown(&b);
}

int main(void) {
    harness_init();
    RUN_TEST(test_a_new_stopwatch_is_stopped_at_zero);
    RUN_TEST(test_the_full_cycle_start_tick_lap_stop_resume_reset);
    RUN_TEST(test_reset_while_running_stops_the_ticks);
    RUN_TEST(test_destroying_a_running_stopwatch_stops_it);
    RUN_TEST(test_two_stopwatches_run_independently);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
