/* test_signals.c: connecting and disconnecting handlers, destroy notifiers, handlers that
 * call back into the API (disconnecting themselves, destroying their object), batching and
 * coalescing, the notify rule (a notification means the value changed: not for a value set
 * to itself, nor changed and changed back within one call; a handler connected later
 * compares with its value at connect time), and the three argument layouts. */
#include "harness.h"

static mvvm_object *new_sorted(void) {
    mvvm_object *vm = NULL;
    CHECK_OK(mvvm_sorted_integers_new(NULL, 0, 1, &vm));
    return vm;
}

/* ------------------------------------------------------------------------------------------
 * Connect and disconnect
 * ---------------------------------------------------------------------------------------- */

static void test_connect_returns_distinct_nonzero_ids(void) {
    mvvm_object *vm = new_sorted();
    recorder a, b, c;
    recorder_reset(&a);
    recorder_reset(&b);
    recorder_reset(&c);
    uint64_t first = 0, second = 0, third = 0;
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(on_int64), &a, on_destroyed, &first));
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(on_int64), &b, on_destroyed, &second));
    CHECK_OK(mvvm_signal_connect_flags(vm, "rows-changed", MVVM_CALLBACK(on_changes), &c, on_destroyed,
                                       MVVM_CONNECT_DEFAULT, &third));
    CHECK(first != 0 && second != 0 && third != 0);
    CHECK(first != second && second != third && first != third);
    /* out_id may be NULL; the connection is made all the same. */
    recorder d;
    recorder_reset(&d);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(on_int64), &d, NULL, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, 5, NULL));
    CHECK_EQ(a.calls, 1);
    CHECK_EQ(b.calls, 1);
    CHECK_EQ(c.calls, 1);
    CHECK_EQ(d.calls, 1);
    CHECK(a.object == vm);
    CHECK_EQ(a.value, 1);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(a.destroyed + b.destroyed + c.destroyed, 3);
    CHECK_EQ(d.destroyed, 0); /* no notifier was given */
    /* Ids stay unique after their connections ended. */
    mvvm_object *other = new_sorted();
    uint64_t fourth = 0;
    CHECK_OK(mvvm_signal_connect(other, "notify::count", MVVM_CALLBACK(on_int64), &a, NULL, &fourth));
    CHECK(fourth != 0 && fourth != first && fourth != second && fourth != third);
    CHECK_OK(mvvm_object_destroy(other));
}

static void test_disconnect_runs_the_notifier_once_and_stops_the_handler(void) {
    mvvm_object *vm = new_sorted();
    recorder r;
    recorder_reset(&r);
    uint64_t id = CONNECT(vm, "notify::count", on_int64, &r);
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(r.calls, 1);
    CHECK_OK(mvvm_signal_disconnect(id));
    CHECK_EQ(r.destroyed, 1);
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    CHECK_EQ(r.calls, 1);
    CHECK_STATUS(mvvm_signal_disconnect(id), MVVM_E_NOT_FOUND);
    CHECK_EQ(r.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(r.destroyed, 1); /* already ended: the destroy does not notify again */
}

static void test_a_signal_keeps_delivering_while_any_handler_remains_connected(void) {
    mvvm_object *vm = new_sorted();
    recorder a, b, c;
    recorder_reset(&a);
    recorder_reset(&b);
    recorder_reset(&c);
    uint64_t first = CONNECT(vm, "notify::count", on_int64, &a);
    uint64_t second = CONNECT(vm, "notify::count", on_int64, &b);
    CHECK_OK(mvvm_signal_disconnect(first));
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(a.calls, 0);
    CHECK_EQ(b.calls, 1);
    CHECK_EQ(b.value, 1);
    CHECK_OK(mvvm_signal_disconnect(second));
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    CHECK_EQ(b.calls, 1);
    /* Connected again after the signal had no handler: delivered with the current value. */
    uint64_t third = CONNECT(vm, "notify::count", on_int64, &c);
    CHECK_OK(mvvm_sorted_integers_add(vm, 3, NULL));
    CHECK_EQ(c.calls, 1);
    CHECK_EQ(c.value, 3);
    CHECK_OK(mvvm_signal_disconnect(third));
    CHECK_OK(mvvm_object_destroy(vm));
}

static void test_destroy_runs_every_notifier_of_the_object_once(void) {
    mvvm_object *vm = new_sorted();
    mvvm_object *other = new_sorted();
    recorder count, rows, unrelated;
    recorder_reset(&count);
    recorder_reset(&rows);
    recorder_reset(&unrelated);
    uint64_t count_id = CONNECT(vm, "notify::count", on_int64, &count);
    uint64_t rows_id = CONNECT(vm, "rows-changed", on_changes, &rows);
    CONNECT(other, "notify::count", on_int64, &unrelated);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(count.destroyed, 1);
    CHECK_EQ(rows.destroyed, 1);
    CHECK_EQ(unrelated.destroyed, 0);
    CHECK_STATUS(mvvm_signal_disconnect(count_id), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_signal_disconnect(rows_id), MVVM_E_NOT_FOUND);
    CHECK_OK(mvvm_sorted_integers_add(other, 3, NULL));
    CHECK_EQ(unrelated.calls, 1);
    CHECK_OK(mvvm_object_destroy(other));
    CHECK_EQ(unrelated.destroyed, 1);
}

static void test_shutdown_runs_every_notifier_once(void) {
    mvvm_object *a = new_sorted();
    mvvm_object *b = NULL;
    CHECK_OK(mvvm_stopwatch_new(&b));
    recorder ra, rb1, rb2;
    recorder_reset(&ra);
    recorder_reset(&rb1);
    recorder_reset(&rb2);
    CONNECT(a, "rows-changed", on_changes, &ra);
    CONNECT(b, "notify::is-running", on_int32, &rb1);
    CONNECT(b, "laps-changed", on_changes, &rb2);
    CHECK_OK(mvvm_shutdown());
    CHECK_EQ(ra.destroyed, 1);
    CHECK_EQ(rb1.destroyed, 1);
    CHECK_EQ(rb2.destroyed, 1);
    CHECK_OK(mvvm_init());
    CHECK_EQ(ra.destroyed + rb1.destroyed + rb2.destroyed, 3);
    CHECK(!handle_is_live(a));
    CHECK(!handle_is_live(b));
}

/* ------------------------------------------------------------------------------------------
 * Handlers that call back into the API
 * ---------------------------------------------------------------------------------------- */

typedef struct self_disconnect {
    uint64_t id;
    int calls;
    int destroyed;
    int destroyed_during_handler;
    mvvm_status status;
} self_disconnect;

static void disconnect_self(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    self_disconnect *s = user_data;
    s->calls++;
    s->status = mvvm_signal_disconnect(s->id);
    /* The notifier waits until this call returns, so user_data stays valid here. */
    s->destroyed_during_handler = s->destroyed;
}

static void self_disconnect_destroyed(void *user_data) { ((self_disconnect *)user_data)->destroyed++; }

static void test_a_handler_may_disconnect_itself(void) {
    mvvm_object *vm = new_sorted();
    self_disconnect s = {0, 0, 0, -1, MVVM_E_SYSTEM};
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(disconnect_self), &s, self_disconnect_destroyed, &s.id));
    recorder later;
    recorder_reset(&later);
    CONNECT(vm, "notify::count", on_int64, &later); /* still called in the same emission */
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(s.calls, 1);
    CHECK_EQ(s.status, MVVM_OK);
    CHECK_EQ(s.destroyed_during_handler, 0);
    CHECK_EQ(s.destroyed, 1);
    CHECK_EQ(later.calls, 1);
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    CHECK_EQ(s.calls, 1);
    CHECK_EQ(later.calls, 2);
    CHECK_STATUS(mvvm_signal_disconnect(s.id), MVVM_E_NOT_FOUND);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(s.destroyed, 1);
}

typedef struct disconnect_other {
    uint64_t victim;
    int calls;
} disconnect_other;

static void disconnect_the_next_handler(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    disconnect_other *d = user_data;
    d->calls++;
    if (d->calls == 1) CHECK_OK(mvvm_signal_disconnect(d->victim));
}

static void test_a_handler_disconnected_during_a_delivery_is_not_called(void) {
    mvvm_object *vm = new_sorted();
    disconnect_other d = {0, 0};
    recorder victim;
    recorder_reset(&victim);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(disconnect_the_next_handler), &d, NULL, NULL));
    d.victim = CONNECT(vm, "notify::count", on_int64, &victim);
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(d.calls, 1);
    CHECK_EQ(victim.calls, 0);
    CHECK_EQ(victim.destroyed, 1);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(victim.destroyed, 1);
}

typedef struct destroyer {
    mvvm_object *vm;
    int calls;
    mvvm_status status;
    int live_after;
} destroyer;

static void destroy_own_object(mvvm_object *object, int64_t count, void *user_data) {
    (void)count;
    destroyer *d = user_data;
    d->calls++;
    d->status = mvvm_object_destroy(object);
    d->live_after = handle_is_live(object);
}

static void test_a_handler_may_destroy_its_own_object(void) {
    mvvm_object *vm = new_sorted();
    destroyer d = {vm, 0, MVVM_E_SYSTEM, 1};
    recorder destroyer_notifier, after_count, rows;
    recorder_reset(&destroyer_notifier);
    recorder_reset(&after_count);
    recorder_reset(&rows);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(destroy_own_object), &d, NULL, NULL));
    CONNECT(vm, "notify::count", on_int64, &after_count);
    CONNECT(vm, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL)); /* the command itself succeeded */
    CHECK_EQ(d.calls, 1);
    CHECK_EQ(d.status, MVVM_OK);
    CHECK_EQ(d.live_after, 0);
    /* Delivery stops with the object: neither the later handler nor the event is called. */
    CHECK_EQ(after_count.calls, 0);
    CHECK_EQ(rows.calls, 0);
    CHECK_EQ(after_count.destroyed, 1);
    CHECK_EQ(rows.destroyed, 1);
    CHECK(!handle_is_live(vm));
    CHECK_STATUS(mvvm_sorted_integers_add(vm, 2, NULL), MVVM_E_INVALID_HANDLE);
}

typedef struct cross_destroyer {
    mvvm_object *other;
    int calls;
    mvvm_status add_status;
    mvvm_status destroy_status;
} cross_destroyer;

/* Changes another object (which queues it for delivery in this same call), then destroys it
 * before its turn comes. */
static void change_then_destroy_other(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    cross_destroyer *d = user_data;
    d->calls++;
    d->add_status = mvvm_sorted_integers_add(d->other, 5, NULL);
    d->destroy_status = mvvm_object_destroy(d->other);
}

static void test_a_handler_may_destroy_another_object_waiting_for_its_delivery(void) {
    mvvm_object *first = new_sorted();
    mvvm_object *second = new_sorted();
    cross_destroyer d = {second, 0, MVVM_E_SYSTEM, MVVM_E_SYSTEM};
    recorder second_count;
    recorder_reset(&second_count);
    CHECK_OK(mvvm_signal_connect(first, "notify::count", MVVM_CALLBACK(change_then_destroy_other), &d, NULL, NULL));
    CONNECT(second, "notify::count", on_int64, &second_count);
    CHECK_OK(mvvm_sorted_integers_add(first, 1, NULL));
    CHECK_EQ(d.calls, 1);
    CHECK_EQ(d.add_status, MVVM_OK);
    CHECK_EQ(d.destroy_status, MVVM_OK);
    /* The destroyed object's queued change is dropped, its notifier ran once. */
    CHECK_EQ(second_count.calls, 0);
    CHECK_EQ(second_count.destroyed, 1);
    CHECK(!handle_is_live(second));
    /* The runtime goes on: the first object still delivers. */
    CHECK_OK(mvvm_sorted_integers_add(first, 2, NULL));
    CHECK_EQ(d.calls, 2);
    CHECK_EQ(d.add_status, MVVM_E_INVALID_HANDLE);
    CHECK_OK(mvvm_object_destroy(first));
}

static void destroy_from_event(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)changes;
    (void)count;
    recorder *r = user_data;
    r->calls++;
    r->value = mvvm_object_destroy(object);
}

static void test_a_handler_may_destroy_its_object_from_an_event_with_a_self_disconnecting_twin(void) {
    /* Destroy from a list event after a connection of the same delivery disconnected itself:
     * every notifier still runs exactly once. */
    mvvm_object *vm = new_sorted();
    self_disconnect s = {0, 0, 0, -1, MVVM_E_SYSTEM};
    recorder event;
    recorder_reset(&event);
    event.value = -1;
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(disconnect_self), &s, self_disconnect_destroyed, &s.id));
    CHECK_OK(mvvm_signal_connect(vm, "rows-changed", MVVM_CALLBACK(destroy_from_event), &event, on_destroyed, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(s.calls, 1);
    CHECK_EQ(s.destroyed, 1);
    CHECK_EQ(event.calls, 1);
    CHECK_EQ(event.value, MVVM_OK);
    CHECK_EQ(event.destroyed, 1);
    CHECK(!handle_is_live(vm));
}

typedef struct disconnect_then_destroy {
    uint64_t id;
    int calls;
    int destroyed;
    int destroyed_during_handler;
    mvvm_status disconnect_status, destroy_status;
} disconnect_then_destroy;

static void disconnect_then_destroy_handler(mvvm_object *object, int64_t count, void *user_data) {
    (void)count;
    disconnect_then_destroy *d = user_data;
    d->calls++;
    d->disconnect_status = mvvm_signal_disconnect(d->id);
    d->destroy_status = mvvm_object_destroy(object);
    d->destroyed_during_handler = d->destroyed;
}

static void disconnect_then_destroy_notifier(void *user_data) { ((disconnect_then_destroy *)user_data)->destroyed++; }

static void test_a_handler_may_disconnect_itself_then_destroy_its_object(void) {
    mvvm_object *vm = new_sorted();
    disconnect_then_destroy d;
    memset(&d, 0, sizeof d);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(disconnect_then_destroy_handler), &d,
                                 disconnect_then_destroy_notifier, &d.id));
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(d.calls, 1);
    CHECK_EQ(d.disconnect_status, MVVM_OK);
    CHECK_EQ(d.destroy_status, MVVM_OK);
    CHECK_EQ(d.destroyed_during_handler, 0); /* user_data stays valid for the whole call */
    CHECK_EQ(d.destroyed, 1);                /* and is released exactly once */
    CHECK(!handle_is_live(vm));
}

typedef struct sibling {
    uint64_t other_id;
    mvvm_status status;
    int destroyed;
} sibling;

static void disconnect_sibling_notifier(void *user_data) {
    sibling *s = user_data;
    s->destroyed++;
    s->status = mvvm_signal_disconnect(s->other_id);
}

static void test_a_notifier_may_call_back_into_the_api_while_its_object_is_destroyed(void) {
    mvvm_object *vm = new_sorted();
    sibling first = {0, MVVM_E_SYSTEM, 0};
    recorder second;
    recorder_reset(&second);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(on_int64), &first, disconnect_sibling_notifier, NULL));
    first.other_id = CONNECT(vm, "rows-changed", on_changes, &second);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(first.destroyed, 1);
    CHECK_EQ(second.destroyed, 1);
    /* The sibling's connection ended with the object: it is no longer known. */
    CHECK_EQ(first.status, MVVM_E_NOT_FOUND);
    CHECK_STR_EQ(mvvm_last_error_message(), ""); /* the outer destroy succeeded */
}

typedef struct calling_back {
    int calls;
    int64_t seen_count;
    int64_t value_at_zero;
    int added;
    int64_t values[4];
} calling_back;

static void read_and_change_from_handler(mvvm_object *object, int64_t count, void *user_data) {
    calling_back *c = user_data;
    c->calls++;
    CHECK_OK(mvvm_sorted_integers_get_count(object, &c->seen_count));
    CHECK_EQ(c->seen_count, count);
    CHECK_OK(mvvm_sorted_integers_get_value(object, 0, &c->value_at_zero));
    if (!c->added) {
        c->added = 1;
        /* A change made by a handler is delivered before the outermost call returns. */
        CHECK_OK(mvvm_sorted_integers_add(object, 100, NULL));
    }
}

static void test_a_handler_may_call_back_into_the_api(void) {
    int64_t values[] = {10, 20};
    mvvm_object *vm = NULL;
    CHECK_OK(mvvm_sorted_integers_new(values, 2, 1, &vm));
    calling_back c;
    memset(&c, 0, sizeof c);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(read_and_change_from_handler), &c, NULL, NULL));
    recorder rows;
    recorder_reset(&rows);
    CONNECT(vm, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_sorted_integers_add(vm, 5, NULL));
    CHECK_EQ(c.calls, 2);
    CHECK_EQ(c.seen_count, 4);
    CHECK_EQ(c.value_at_zero, 5);
    /* Two change sets: the command's, then the handler's. */
    CHECK_EQ(rows.change_sets, 2);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_INSERT, 0, 1);
    CHECK_CHANGE(&rows, 1, MVVM_LIST_INSERT, 3, 1);
    CHECK_OK(mvvm_object_destroy(vm));
}

static void connect_from_handler(mvvm_object *object, int64_t count, void *user_data) {
    (void)count;
    recorder *target = user_data;
    if (target->destroyed == 0 && target->calls == 0 && target->value == 0) {
        target->value = -1; /* connect only once */
        CHECK_OK(mvvm_signal_connect(object, "notify::count", MVVM_CALLBACK(on_int64), target, on_destroyed, NULL));
    }
}

static void test_a_handler_may_connect_another_handler(void) {
    mvvm_object *vm = new_sorted();
    recorder added;
    recorder_reset(&added);
    CHECK_OK(mvvm_signal_connect(vm, "notify::count", MVVM_CALLBACK(connect_from_handler), &added, NULL, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    CHECK(added.calls >= 1);
    CHECK_EQ(added.value, 2);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(added.destroyed, 1);
}

/* ------------------------------------------------------------------------------------------
 * Batching
 * ---------------------------------------------------------------------------------------- */

static char order_log[32][40];
static int order_length;

static void log_label(const char *label) {
    if (order_length < 32) snprintf(order_log[order_length++], sizeof order_log[0], "%s", label);
}

static void log_count(mvvm_object *object, int64_t count, void *user_data) {
    (void)object;
    (void)count;
    log_label(user_data);
}

static void log_rows(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    log_label(user_data);
}

typedef struct nested_edits {
    mvvm_object *a;
    mvvm_object *b;
    int done;
} nested_edits;

/* A handler of a trigger object edits two other objects several times, in one outermost call. */
static void edit_others(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    nested_edits *n = user_data;
    log_label("trigger rows");
    if (n->done++) return;
    CHECK_OK(mvvm_sorted_integers_add(n->b, 5, NULL));    /* b: [5]            insert 0 */
    CHECK_OK(mvvm_sorted_integers_add(n->a, 1, NULL));    /* a: [1]            insert 0 */
    CHECK_OK(mvvm_sorted_integers_add(n->b, 1, NULL));    /* b: [1, 5]         insert 0 */
    CHECK_OK(mvvm_sorted_integers_add(n->b, 9, NULL));    /* b: [1, 5, 9]      insert 2 */
    CHECK_OK(mvvm_sorted_integers_add(n->b, 5, NULL));    /* b: [1, 5, 5, 9]   insert 2 (after the equal 5) */
    CHECK_OK(mvvm_sorted_integers_remove_at(n->b, 0));    /* b: [5, 5, 9]      remove 0 */
}

static void test_changes_in_one_call_are_coalesced_and_ordered(void) {
    mvvm_object *trigger = new_sorted();
    nested_edits n = {new_sorted(), new_sorted(), 0};
    recorder a_count, b_count, b_rows;
    recorder_reset(&a_count);
    recorder_reset(&b_count);
    recorder_reset(&b_rows);
    order_length = 0;
    /* Events connected before properties: properties are still delivered first. */
    CHECK_OK(mvvm_signal_connect(n.b, "rows-changed", MVVM_CALLBACK(log_rows), (void *)"b rows", NULL, NULL));
    CHECK_OK(mvvm_signal_connect(n.b, "notify::count", MVVM_CALLBACK(log_count), (void *)"b count", NULL, NULL));
    CHECK_OK(mvvm_signal_connect(n.a, "rows-changed", MVVM_CALLBACK(log_rows), (void *)"a rows", NULL, NULL));
    CHECK_OK(mvvm_signal_connect(n.a, "notify::count", MVVM_CALLBACK(log_count), (void *)"a count", NULL, NULL));
    CONNECT(n.a, "notify::count", on_int64, &a_count);
    CONNECT(n.b, "notify::count", on_int64, &b_count);
    CONNECT(n.b, "rows-changed", on_changes, &b_rows);
    CHECK_OK(mvvm_signal_connect(trigger, "rows-changed", MVVM_CALLBACK(edit_others), &n, NULL, NULL));

    CHECK_OK(mvvm_sorted_integers_add(trigger, 0, NULL));

    /* Five edits of b: one notify::count, with the final value. */
    CHECK_EQ(b_count.calls, 1);
    CHECK_EQ(b_count.value, 3);
    CHECK_EQ(a_count.calls, 1);
    CHECK_EQ(a_count.value, 1);
    /* One change set holding every edit, in order. */
    CHECK_EQ(b_rows.change_sets, 1);
    CHECK_EQ(b_rows.change_count, 5);
    CHECK_CHANGE(&b_rows, 0, MVVM_LIST_INSERT, 0, 1);
    CHECK_CHANGE(&b_rows, 1, MVVM_LIST_INSERT, 0, 1);
    CHECK_CHANGE(&b_rows, 2, MVVM_LIST_INSERT, 2, 1);
    CHECK_CHANGE(&b_rows, 3, MVVM_LIST_INSERT, 2, 1);
    CHECK_CHANGE(&b_rows, 4, MVVM_LIST_REMOVE, 0, 1);
    /* b changed first, so it is visited first; per object, properties before events. */
    static const char *const expected[] = {"trigger rows", "b count", "b rows", "a count", "a rows"};
    CHECK_EQ(order_length, 5);
    for (int i = 0; i < 5 && i < order_length; i++) CHECK_STR_EQ(order_log[i], expected[i]);
    /* The values delivered agree with the getters. */
    int64_t value = -1;
    CHECK_OK(mvvm_sorted_integers_get_value(n.b, 0, &value));
    CHECK_EQ(value, 5);
    CHECK_OK(mvvm_sorted_integers_get_value(n.b, 2, &value));
    CHECK_EQ(value, 9);
    CHECK_OK(mvvm_object_destroy(trigger));
    CHECK_OK(mvvm_object_destroy(n.a));
    CHECK_OK(mvvm_object_destroy(n.b));
}

static void test_separate_calls_are_delivered_separately(void) {
    mvvm_object *vm = new_sorted();
    recorder count, rows;
    recorder_reset(&count);
    recorder_reset(&rows);
    CONNECT(vm, "notify::count", on_int64, &count);
    CONNECT(vm, "rows-changed", on_changes, &rows);
    CHECK_OK(mvvm_sorted_integers_add(vm, 3, NULL));
    CHECK_EQ(count.calls, 1); /* at the end of the command, not later */
    CHECK_EQ(rows.calls, 1);
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(count.calls, 2);
    CHECK_EQ(count.value, 2);
    CHECK_EQ(rows.change_sets, 2);
    CHECK_EQ(rows.last_set_size, 1);
    /* A failed command delivers nothing. */
    CHECK_STATUS(mvvm_sorted_integers_remove_at(vm, 7), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(count.calls, 2);
    CHECK_EQ(rows.calls, 2);
    CHECK_OK(mvvm_object_destroy(vm));
}

/* ------------------------------------------------------------------------------------------
 * The notify rule: a notification means the value changed
 * ---------------------------------------------------------------------------------------- */

static void test_setting_a_property_to_its_current_value_is_not_notified(void) {
    mvvm_object *repository = make_sample_repository(10, 10, -1, -1);
    mvvm_object *detail = NULL;
    CHECK_OK(mvvm_user_detail_new(repository, 1, &detail));
    recorder draft;
    recorder_reset(&draft);
    CONNECT(detail, "notify::draft-name", on_string, &draft);
    /* The draft starts as "": setting "" is no change. */
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, ""));
    CHECK_EQ(draft.calls, 0);
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Same"));
    CHECK_EQ(draft.calls, 1);
    CHECK_STR_EQ(draft.text, "Same");
    /* The same value again, as another buffer with equal bytes: still no change. */
    char same[8] = "Same";
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, same));
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Same"));
    CHECK_EQ(draft.calls, 1);
    /* A different value is. */
    CHECK_OK(mvvm_user_detail_set_draft_name(detail, "Other"));
    CHECK_EQ(draft.calls, 2);
    CHECK_STR_EQ(draft.text, "Other");
    CHECK_OK(mvvm_object_destroy(detail));

    /* Commands that assign unchanged values announce nothing: a stopped stopwatch reset. */
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    recorder elapsed, button, running, lap_enabled, lap_count, laps;
    recorder_reset(&elapsed);
    recorder_reset(&button);
    recorder_reset(&running);
    recorder_reset(&lap_enabled);
    recorder_reset(&lap_count);
    recorder_reset(&laps);
    CONNECT(stopwatch, "notify::elapsed-text", on_string, &elapsed);
    CONNECT(stopwatch, "notify::button-text", on_string, &button);
    CONNECT(stopwatch, "notify::is-running", on_int32, &running);
    CONNECT(stopwatch, "notify::is-lap-enabled", on_int32, &lap_enabled);
    CONNECT(stopwatch, "notify::lap-count", on_int64, &lap_count);
    CONNECT(stopwatch, "laps-changed", on_changes, &laps);
    CHECK_OK(mvvm_stopwatch_reset(stopwatch));
    CHECK_OK(mvvm_stopwatch_lap(stopwatch)); /* stopped: does nothing */
    CHECK_EQ(elapsed.calls + button.calls + running.calls + lap_enabled.calls + lap_count.calls, 0);
    CHECK_EQ(laps.calls, 0);
    CHECK_OK(mvvm_object_destroy(stopwatch));

    /* A list's dismiss-error without an error: NULL stays NULL. */
    mvvm_object *list = NULL;
    CHECK_OK(mvvm_user_list_new(repository, &list));
    recorder error;
    recorder_reset(&error);
    CONNECT(list, "notify::error-message", on_string, &error);
    CHECK_OK(mvvm_user_list_dismiss_error(list));
    CHECK_EQ(error.calls, 0);
    CHECK_OK(mvvm_object_destroy(list));
    CHECK_OK(mvvm_object_destroy(repository));
}

typedef struct round_trip {
    mvvm_object *sorted;
    mvvm_object *detail;
    int done;
} round_trip;

/* In one outermost call: count 0 -> 1 -> 0, and the draft "Start" -> "Elsewhere" -> "Start". */
static void change_and_change_back(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    round_trip *t = user_data;
    if (t->done++) return;
    int64_t index = -1;
    CHECK_OK(mvvm_sorted_integers_add(t->sorted, 42, &index));
    CHECK_OK(mvvm_sorted_integers_remove_at(t->sorted, index));
    CHECK_OK(mvvm_user_detail_set_draft_name(t->detail, "Elsewhere"));
    CHECK_OK(mvvm_user_detail_set_draft_name(t->detail, "Start"));
}

static void test_changed_and_changed_back_within_one_call_is_not_notified(void) {
    mvvm_object *trigger = new_sorted();
    mvvm_object *repository = make_sample_repository(10, 10, -1, -1);
    round_trip t = {new_sorted(), NULL, 0};
    CHECK_OK(mvvm_user_detail_new(repository, 1, &t.detail));
    CHECK_OK(mvvm_user_detail_set_draft_name(t.detail, "Start"));
    recorder count, rows, draft;
    recorder_reset(&count);
    recorder_reset(&rows);
    recorder_reset(&draft);
    CONNECT(t.sorted, "notify::count", on_int64, &count);
    CONNECT(t.sorted, "rows-changed", on_changes, &rows);
    CONNECT(t.detail, "notify::draft-name", on_string, &draft);
    CHECK_OK(mvvm_signal_connect(trigger, "rows-changed", MVVM_CALLBACK(change_and_change_back), &t, NULL, NULL));

    CHECK_OK(mvvm_sorted_integers_add(trigger, 1, NULL));
    CHECK_EQ(t.done, 1);
    /* The properties ended where they started: no notification. */
    CHECK_EQ(count.calls, 0);
    CHECK_EQ(draft.calls, 0);
    /* Events are never coalesced: both edits of the list arrive, in order, in one set. */
    CHECK_EQ(rows.change_sets, 1);
    CHECK_EQ(rows.change_count, 2);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_INSERT, 0, 1);
    CHECK_CHANGE(&rows, 1, MVVM_LIST_REMOVE, 0, 1);
    int64_t n = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(t.sorted, &n));
    CHECK_EQ(n, 0);

    /* The next real change is notified as usual. */
    CHECK_OK(mvvm_sorted_integers_add(t.sorted, 7, NULL));
    CHECK_EQ(count.calls, 1);
    CHECK_EQ(count.value, 1);
    CHECK_OK(mvvm_object_destroy(trigger));
    CHECK_OK(mvvm_object_destroy(t.sorted));
    CHECK_OK(mvvm_object_destroy(t.detail));
    CHECK_OK(mvvm_object_destroy(repository));
}

typedef struct late_connect {
    mvvm_object *target;
    recorder *late;
    int connect_before_the_change;
    int done;
} late_connect;

/* Connects `late` to the target's notify::count in the middle of an outermost call, before or
 * after changing the count 0 -> 1 in that same call. */
static void connect_mid_call(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    late_connect *c = user_data;
    if (c->done++) return;
    if (c->connect_before_the_change) CONNECT(c->target, "notify::count", on_int64, c->late);
    CHECK_OK(mvvm_sorted_integers_add(c->target, 3, NULL));
    if (!c->connect_before_the_change) CONNECT(c->target, "notify::count", on_int64, c->late);
}

typedef struct bounce {
    mvvm_object *target;
    int armed;
} bounce;

/* When armed: the target's count goes n -> n + 1 -> n within the outermost call. */
static void bounce_count(mvvm_object *object, const mvvm_list_change *changes, size_t count, void *user_data) {
    (void)object;
    (void)changes;
    (void)count;
    bounce *b = user_data;
    if (!b->armed) return;
    b->armed = 0;
    int64_t index = -1;
    CHECK_OK(mvvm_sorted_integers_add(b->target, 1000, &index));
    CHECK_OK(mvvm_sorted_integers_remove_at(b->target, index));
}

static void test_a_handler_connected_later_gets_the_first_change_from_its_connect_value(void) {
    /* The count changes while nobody listens (0 -> 2); then a handler connects at 2. */
    mvvm_object *vm = new_sorted();
    mvvm_object *trigger = new_sorted();
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    recorder late;
    recorder_reset(&late);
    CONNECT(vm, "notify::count", on_int64, &late);
    /* 2 -> 3 -> 2 in one call: back to its connect value, so nothing, although 2 differs
     * from the value the object had before anyone listened (0). */
    bounce b = {vm, 1};
    uint64_t bounce_id = 0;
    CHECK_OK(mvvm_signal_connect(trigger, "rows-changed", MVVM_CALLBACK(bounce_count), &b, NULL, &bounce_id));
    CHECK_OK(mvvm_sorted_integers_add(trigger, 1, NULL));
    CHECK_EQ(b.armed, 0);
    CHECK_EQ(late.calls, 0);
    /* The first real change is notified, and so is the change back. */
    CHECK_OK(mvvm_sorted_integers_add(vm, 5, NULL));
    CHECK_EQ(late.calls, 1);
    CHECK_EQ(late.value, 3);
    CHECK_OK(mvvm_sorted_integers_remove_at(vm, 2));
    CHECK_EQ(late.calls, 2);
    CHECK_EQ(late.value, 2);

    /* A second handler connects at 3 (late was notified of 3 too): going to 2 is a change for
     * both; a bounce 2 -> 3 -> 2 within one call is a change for neither. */
    CHECK_OK(mvvm_sorted_integers_add(vm, 9, NULL)); /* 3 */
    CHECK_EQ(late.calls, 3);
    recorder second;
    recorder_reset(&second);
    CONNECT(vm, "notify::count", on_int64, &second);
    CHECK_OK(mvvm_sorted_integers_remove_at(vm, 0)); /* 2 */
    CHECK_EQ(late.calls, 4);
    CHECK_EQ(late.value, 2);
    CHECK_EQ(second.calls, 1);
    CHECK_EQ(second.value, 2);
    b.armed = 1;
    CHECK_OK(mvvm_sorted_integers_add(trigger, 1, NULL));
    CHECK_EQ(b.armed, 0);
    CHECK_EQ(late.calls, 4);
    CHECK_EQ(second.calls, 1);
    CHECK_OK(mvvm_signal_disconnect(bounce_id));

    CHECK_OK(mvvm_object_destroy(trigger));
    CHECK_OK(mvvm_object_destroy(vm));
}

/* A second handler connected in the middle of an outermost call, after a change made in that
 * call: its value at connect time is the new one, so (header, BATCHING: "for a handler
 * connected since, from the one it had when the handler connected") it is not notified of
 * that change, while the handler connected before it is. Connected before the change, it is. */
static void test_a_handler_connected_mid_call_is_notified_relative_to_its_connect_value(void) {
    mvvm_object *trigger = new_sorted();
    /* Connected in the middle of a call: after the change, the handler's value is the new
     * one, so it is not notified of it; before the change, it is. */
    mvvm_object *target = new_sorted();
    recorder watcher, after, before;
    recorder_reset(&watcher);
    recorder_reset(&after);
    recorder_reset(&before);
    CONNECT(target, "notify::count", on_int64, &watcher);
    late_connect c = {target, &after, 0, 0};
    uint64_t trigger_id = 0;
    CHECK_OK(mvvm_signal_connect(trigger, "rows-changed", MVVM_CALLBACK(connect_mid_call), &c, NULL, &trigger_id));
    CHECK_OK(mvvm_sorted_integers_add(trigger, 1, NULL));
    CHECK_EQ(c.done, 1);
    CHECK_EQ(watcher.calls, 1); /* connected at 0: 0 -> 1 */
    CHECK_EQ(watcher.value, 1);
    CHECK_EQ(after.calls, 0);   /* connected at 1: no change */
    int after_calls = after.calls;
    CHECK_OK(mvvm_signal_disconnect(trigger_id));
    late_connect d = {target, &before, 1, 0};
    CHECK_OK(mvvm_signal_connect(trigger, "rows-changed", MVVM_CALLBACK(connect_mid_call), &d, NULL, &trigger_id));
    CHECK_OK(mvvm_sorted_integers_add(trigger, 1, NULL));
    CHECK_EQ(d.done, 1);
    CHECK_EQ(watcher.calls, 2); /* 1 -> 2 */
    CHECK_EQ(watcher.value, 2);
    CHECK_EQ(after.calls, after_calls + 1); /* 1 -> 2 */
    CHECK_EQ(after.value, 2);
    CHECK_EQ(before.calls, 1);  /* connected at 1, then 1 -> 2 */
    CHECK_EQ(before.value, 2);

    CHECK_OK(mvvm_object_destroy(target));
    CHECK_OK(mvvm_object_destroy(trigger));
}

/* ------------------------------------------------------------------------------------------
 * Argument layouts
 * ---------------------------------------------------------------------------------------- */

static void swapped_int32(void *user_data, int32_t value, mvvm_object *object) { on_int32(object, value, user_data); }
static void swapped_int64(void *user_data, int64_t value, mvvm_object *object) { on_int64(object, value, user_data); }
static void swapped_string(void *user_data, const char *text, mvvm_object *object) { on_string(object, text, user_data); }
static void swapped_user(void *user_data, const mvvm_user *user, mvvm_object *object) { on_user(object, user, user_data); }
static void swapped_changes(void *user_data, const mvvm_list_change *changes, size_t count, mvvm_object *object) {
    on_changes(object, changes, count, user_data);
}
static void swapped_navigate(void *user_data, int32_t action, mvvm_object *screen, mvvm_object *object) {
    on_navigate(object, action, screen, user_data);
}

/* NO_OBJECT handlers record a sentinel object so a test sees the argument was not passed. */
#define NO_OBJECT_MARK ((mvvm_object *)(uintptr_t)0x5eed)
static void bare_int32(int32_t value, void *user_data) { on_int32(NO_OBJECT_MARK, value, user_data); }
static void bare_int64(int64_t value, void *user_data) { on_int64(NO_OBJECT_MARK, value, user_data); }
static void bare_string(const char *text, void *user_data) { on_string(NO_OBJECT_MARK, text, user_data); }
static void bare_user(const mvvm_user *user, void *user_data) { on_user(NO_OBJECT_MARK, user, user_data); }
static void bare_changes(const mvvm_list_change *changes, size_t count, void *user_data) {
    on_changes(NO_OBJECT_MARK, changes, count, user_data);
}
static void bare_navigate(int32_t action, mvvm_object *screen, void *user_data) {
    on_navigate(NO_OBJECT_MARK, action, screen, user_data);
}

typedef struct layout_case {
    uint32_t flags;
    mvvm_callback int32_handler, int64_handler, string_handler, user_handler, changes_handler, navigate_handler;
} layout_case;

static void check_layout(const layout_case *layout) {
    int swapped = layout->flags == MVVM_CONNECT_SWAPPED;
    recorder running, button, count, rows, navigate, user;
    recorder_reset(&running);
    recorder_reset(&button);
    recorder_reset(&count);
    recorder_reset(&rows);
    recorder_reset(&navigate);
    recorder_reset(&user);

    /* int32 and string: the stopwatch's button (both change synchronously). */
    mvvm_object *stopwatch = NULL;
    CHECK_OK(mvvm_stopwatch_new(&stopwatch));
    CHECK_OK(mvvm_signal_connect_flags(stopwatch, "notify::is-running", layout->int32_handler, &running, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_signal_connect_flags(stopwatch, "notify::button-text", layout->string_handler, &button, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_stopwatch_button_tapped(stopwatch));
    CHECK_EQ(running.calls, 1);
    CHECK_EQ(running.value, 1);
    CHECK(running.object == (swapped ? stopwatch : NO_OBJECT_MARK));
    CHECK_EQ(button.calls, 1);
    CHECK_STR_EQ(button.text, "Stop");
    CHECK(button.object == (swapped ? stopwatch : NO_OBJECT_MARK));
    CHECK_OK(mvvm_stopwatch_button_tapped(stopwatch));
    CHECK_EQ(running.value, 0);
    CHECK_STR_EQ(button.text, "Start");
    CHECK_OK(mvvm_object_destroy(stopwatch));
    CHECK_EQ(running.destroyed, 1);
    CHECK_EQ(button.destroyed, 1);

    /* int64 and a change set (pointer + size_t). */
    mvvm_object *sorted = new_sorted();
    CHECK_OK(mvvm_signal_connect_flags(sorted, "notify::count", layout->int64_handler, &count, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_signal_connect_flags(sorted, "rows-changed", layout->changes_handler, &rows, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_sorted_integers_add(sorted, 40, NULL));
    CHECK_OK(mvvm_sorted_integers_add(sorted, 30, NULL));
    CHECK_EQ(count.calls, 2);
    CHECK_EQ(count.value, 2);
    CHECK(count.object == (swapped ? sorted : NO_OBJECT_MARK));
    CHECK_EQ(rows.change_sets, 2);
    CHECK_EQ(rows.last_set_size, 1);
    CHECK_CHANGE(&rows, 0, MVVM_LIST_INSERT, 0, 1);
    CHECK_CHANGE(&rows, 1, MVVM_LIST_INSERT, 0, 1);
    CHECK(rows.object == (swapped ? sorted : NO_OBJECT_MARK));
    CHECK_OK(mvvm_object_destroy(sorted));

    /* navigate: int32 + object pointer. */
    mvvm_object *repository = make_sample_repository(20, 10, -1, -1);
    mvvm_object *coordinator = NULL;
    CHECK_OK(mvvm_coordinator_new(repository, &coordinator));
    CHECK_OK(mvvm_signal_connect_flags(coordinator, "navigate", layout->navigate_handler, &navigate, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_coordinator_start(coordinator));
    mvvm_object *root = NULL;
    CHECK_OK(mvvm_coordinator_get_screen(coordinator, 0, &root));
    CHECK_EQ(navigate.calls, 1);
    CHECK_EQ(navigate.value, MVVM_NAVIGATION_PUSH);
    CHECK(navigate.screen == root);
    CHECK(navigate.object == (swapped ? coordinator : NO_OBJECT_MARK));
    CHECK_OK(mvvm_object_destroy(coordinator));
    CHECK_EQ(navigate.destroyed, 1);

    /* A user pointer: the detail's user once loaded. */
    mvvm_object *detail = NULL;
    CHECK_OK(mvvm_user_detail_new(repository, 3, &detail));
    CHECK_OK(mvvm_signal_connect_flags(detail, "notify::user", layout->user_handler, &user, on_destroyed,
                                       layout->flags, NULL));
    CHECK_OK(mvvm_user_detail_on_appear(detail));
    PUMP_UNTIL(user.calls >= 1, HARNESS_PUMP_BUDGET);
    CHECK_EQ(user.user_id, 3);
    CHECK(user.text[0] != '\0');
    CHECK(strchr(user.email, '@') != NULL);
    CHECK(user.object == (swapped ? detail : NO_OBJECT_MARK));
    CHECK_OK(mvvm_object_destroy(detail));
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_EQ(user.destroyed, 1);
}

static void test_swapped_layout_passes_user_data_first_and_the_object_last(void) {
    layout_case layout = {
        MVVM_CONNECT_SWAPPED,       MVVM_CALLBACK(swapped_int32),   MVVM_CALLBACK(swapped_int64),
        MVVM_CALLBACK(swapped_string), MVVM_CALLBACK(swapped_user), MVVM_CALLBACK(swapped_changes),
        MVVM_CALLBACK(swapped_navigate),
    };
    check_layout(&layout);
}

static void test_no_object_layout_passes_only_the_arguments_and_user_data(void) {
    layout_case layout = {
        MVVM_CONNECT_NO_OBJECT,   MVVM_CALLBACK(bare_int32),   MVVM_CALLBACK(bare_int64),
        MVVM_CALLBACK(bare_string), MVVM_CALLBACK(bare_user),  MVVM_CALLBACK(bare_changes),
        MVVM_CALLBACK(bare_navigate),
    };
    check_layout(&layout);
}

static void test_layouts_mix_on_one_signal(void) {
    mvvm_object *vm = new_sorted();
    recorder direct, swapped, bare;
    recorder_reset(&direct);
    recorder_reset(&swapped);
    recorder_reset(&bare);
    CONNECT(vm, "notify::count", on_int64, &direct);
    CHECK_OK(mvvm_signal_connect_flags(vm, "notify::count", MVVM_CALLBACK(swapped_int64), &swapped, on_destroyed,
                                       MVVM_CONNECT_SWAPPED, NULL));
    CHECK_OK(mvvm_signal_connect_flags(vm, "notify::count", MVVM_CALLBACK(bare_int64), &bare, on_destroyed,
                                       MVVM_CONNECT_NO_OBJECT, NULL));
    CHECK_OK(mvvm_sorted_integers_add(vm, INT64_MAX, NULL));
    CHECK_EQ(direct.value, 1);
    CHECK_EQ(swapped.value, 1);
    CHECK_EQ(bare.value, 1);
    CHECK(direct.object == vm && swapped.object == vm && bare.object == NO_OBJECT_MARK);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(direct.destroyed + swapped.destroyed + bare.destroyed, 3);
}

/* ------------------------------------------------------------------------------------------
 * Refused connections
 * ---------------------------------------------------------------------------------------- */

static void test_unknown_signal_names_are_refused(void) {
    mvvm_object *vm = new_sorted();
    recorder r;
    recorder_reset(&r);
    static const char *const names[] = {
        "", "notify::", "count", "notify::COUNT", "notify::loading", "rows_changed", "notify::count ",
        "navigate", "did-save", "notify::elapsed-text", "rows-changed\n",
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        uint64_t id = 77;
        CHECK_STATUS(mvvm_signal_connect(vm, names[i], MVVM_CALLBACK(on_int64), &r, on_destroyed, &id), MVVM_E_UNKNOWN_NAME);
        CHECK_EQ(id, 77);
        CHECK_STATUS(mvvm_signal_connect_flags(vm, names[i], MVVM_CALLBACK(on_int64), &r, on_destroyed,
                                               MVVM_CONNECT_SWAPPED, &id), MVVM_E_UNKNOWN_NAME);
        CHECK_EQ(id, 77);
    }
    /* A refused connection never owned user_data: no notifier. */
    CHECK_EQ(r.destroyed, 0);
    /* A repository has no signals at all. */
    mvvm_object *repository = make_sample_repository(-1, -1, -1, -1);
    CHECK_STATUS(mvvm_signal_connect(repository, "notify::count", MVVM_CALLBACK(on_int64), &r, NULL, NULL), MVVM_E_UNKNOWN_NAME);
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(r.calls, 0);
    CHECK_OK(mvvm_object_destroy(repository));
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(r.destroyed, 0);
}

static void test_invalid_flags_are_refused(void) {
    mvvm_object *vm = new_sorted();
    recorder r;
    recorder_reset(&r);
    static const uint32_t flags[] = {3, 4, 8, 0x80000000u, 0xFFFFFFFFu};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        uint64_t id = 55;
        CHECK_STATUS(mvvm_signal_connect_flags(vm, "notify::count", MVVM_CALLBACK(on_int64), &r, on_destroyed, flags[i], &id),
                     MVVM_E_INVALID_ARGUMENT);
        CHECK_EQ(id, 55);
    }
    CHECK_OK(mvvm_sorted_integers_add(vm, 1, NULL));
    CHECK_EQ(r.calls, 0);
    CHECK_EQ(r.destroyed, 0);
    /* The object still connects normally. */
    CONNECT(vm, "notify::count", on_int64, &r);
    CHECK_OK(mvvm_sorted_integers_add(vm, 2, NULL));
    CHECK_EQ(r.calls, 1);
    CHECK_OK(mvvm_object_destroy(vm));
    CHECK_EQ(r.destroyed, 1);
}

static void test_bad_connect_arguments_are_refused(void) {
    mvvm_object *vm = new_sorted();
    recorder r;
    recorder_reset(&r);
    uint64_t id = 9;
    CHECK_STATUS(mvvm_signal_connect(vm, "notify::count", NULL, &r, on_destroyed, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_signal_connect(vm, NULL, MVVM_CALLBACK(on_int64), &r, on_destroyed, &id), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_signal_connect(vm, "notify::\xff", MVVM_CALLBACK(on_int64), &r, on_destroyed, &id), MVVM_E_INVALID_UTF8);
    CHECK_STATUS(mvvm_signal_connect(NULL, "notify::count", MVVM_CALLBACK(on_int64), &r, on_destroyed, &id), MVVM_E_INVALID_HANDLE);
    CHECK_EQ(id, 9);
    CHECK_EQ(r.destroyed, 0);
    CHECK_STATUS(mvvm_signal_disconnect(0), MVVM_E_NOT_FOUND);
    CHECK_STATUS(mvvm_signal_disconnect(UINT64_MAX), MVVM_E_NOT_FOUND);
    CHECK_OK(mvvm_object_destroy(vm));
}

int main(void) {
    harness_init();
    RUN_TEST(test_connect_returns_distinct_nonzero_ids);
    RUN_TEST(test_disconnect_runs_the_notifier_once_and_stops_the_handler);
    RUN_TEST(test_a_signal_keeps_delivering_while_any_handler_remains_connected);
    RUN_TEST(test_destroy_runs_every_notifier_of_the_object_once);
    RUN_TEST(test_shutdown_runs_every_notifier_once);
    RUN_TEST(test_a_handler_may_disconnect_itself);
    RUN_TEST(test_a_handler_disconnected_during_a_delivery_is_not_called);
    RUN_TEST(test_a_handler_may_destroy_its_own_object);
    RUN_TEST(test_a_handler_may_destroy_its_object_from_an_event_with_a_self_disconnecting_twin);
    RUN_TEST(test_a_handler_may_destroy_another_object_waiting_for_its_delivery);
    RUN_TEST(test_a_handler_may_disconnect_itself_then_destroy_its_object);
    RUN_TEST(test_a_notifier_may_call_back_into_the_api_while_its_object_is_destroyed);
    RUN_TEST(test_a_handler_may_call_back_into_the_api);
    RUN_TEST(test_a_handler_may_connect_another_handler);
    RUN_TEST(test_changes_in_one_call_are_coalesced_and_ordered);
    RUN_TEST(test_separate_calls_are_delivered_separately);
    RUN_TEST(test_setting_a_property_to_its_current_value_is_not_notified);
    RUN_TEST(test_changed_and_changed_back_within_one_call_is_not_notified);
    RUN_TEST(test_a_handler_connected_later_gets_the_first_change_from_its_connect_value);
    RUN_TEST(test_a_handler_connected_mid_call_is_notified_relative_to_its_connect_value);
    RUN_TEST(test_swapped_layout_passes_user_data_first_and_the_object_last);
    RUN_TEST(test_no_object_layout_passes_only_the_arguments_and_user_data);
    RUN_TEST(test_layouts_mix_on_one_signal);
    RUN_TEST(test_unknown_signal_names_are_refused);
    RUN_TEST(test_invalid_flags_are_refused);
    RUN_TEST(test_bad_connect_arguments_are_refused);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
