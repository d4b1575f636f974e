/* test_sorted_integers.c: the sorted integers list (seed 003): sorting at creation, inserting
 * at the upper bound, removing, and the exact change set of every edit. */
#include "harness.h"

typedef struct fixture {
    mvvm_object *vm;
    recorder count;
    recorder rows;
} fixture;

static void setup(fixture *f, const int64_t *values, size_t count, uint64_t seed) {
    recorder_reset(&f->count);
    recorder_reset(&f->rows);
    f->vm = NULL;
    CHECK_OK(mvvm_sorted_integers_new(values, count, seed, &f->vm));
    CONNECT(f->vm, "notify::count", on_int64, &f->count);
    CONNECT(f->vm, "rows-changed", on_changes, &f->rows);
}

static void teardown(fixture *f) {
    CHECK_OK(mvvm_object_destroy(f->vm));
    CHECK_EQ(f->count.destroyed, 1);
    CHECK_EQ(f->rows.destroyed, 1);
}

/* Checks the list holds exactly `expected`. */
static void check_values(mvvm_object *vm, const int64_t *expected, int64_t count) {
    int64_t actual_count = -1;
    CHECK_OK(mvvm_sorted_integers_get_count(vm, &actual_count));
    CHECK_EQ(actual_count, count);
    for (int64_t i = 0; i < count && i < actual_count; i++) {
        int64_t value = INT64_MIN;
        CHECK_OK(mvvm_sorted_integers_get_value(vm, i, &value));
        CHECK_EQ(value, expected[i]);
    }
}

static void test_initial_values_are_copied_and_sorted(void) {
    int64_t values[] = {5, -3, 3, 9, 3, 0};
    fixture f;
    setup(&f, values, 6, 1);
    values[0] = 1000; /* copied: changing the caller's array changes nothing */
    int64_t expected[] = {-3, 0, 3, 3, 5, 9};
    check_values(f.vm, expected, 6);
    mvvm_type type;
    CHECK_OK(mvvm_object_get_type(f.vm, &type));
    CHECK_EQ(type, MVVM_TYPE_SORTED_INTEGERS);
    CHECK_EQ(f.count.calls, 0); /* creating announces nothing */
    teardown(&f);
}

static void test_an_empty_list_can_be_created_from_null(void) {
    fixture f;
    setup(&f, NULL, 0, 1);
    check_values(f.vm, NULL, 0);
    int64_t value = 77;
    CHECK_STATUS(mvvm_sorted_integers_get_value(f.vm, 0, &value), MVVM_E_OUT_OF_RANGE);
    CHECK_EQ(value, 77);
    teardown(&f);
}

static void test_add_inserts_after_equal_values_with_one_insert_change(void) {
    int64_t values[] = {1, 3, 3, 5};
    fixture f;
    setup(&f, values, 4, 1);
    int64_t index = -1;
    CHECK_OK(mvvm_sorted_integers_add(f.vm, 3, &index));
    CHECK_EQ(index, 3); /* upper bound: after both 3s */
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_EQ(f.rows.last_set_size, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_INSERT, 3, 1);
    CHECK_EQ(f.count.calls, 1);
    CHECK_EQ(f.count.value, 5);
    CHECK(f.rows.object == f.vm && f.count.object == f.vm);

    CHECK_OK(mvvm_sorted_integers_add(f.vm, 0, &index));
    CHECK_EQ(index, 0);
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_INSERT, 0, 1);
    CHECK_OK(mvvm_sorted_integers_add(f.vm, 9, &index));
    CHECK_EQ(index, 6);
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_INSERT, 6, 1);
    CHECK_OK(mvvm_sorted_integers_add(f.vm, 1, &index));
    CHECK_EQ(index, 2); /* after the existing 1 */
    CHECK_CHANGE(&f.rows, 3, MVVM_LIST_INSERT, 2, 1);
    CHECK_OK(mvvm_sorted_integers_add(f.vm, 4, NULL)); /* out_index may be NULL */
    CHECK_CHANGE(&f.rows, 4, MVVM_LIST_INSERT, 6, 1);
    int64_t expected[] = {0, 1, 1, 3, 3, 3, 4, 5, 9};
    check_values(f.vm, expected, 9);
    CHECK_EQ(f.rows.change_sets, 5);
    CHECK_EQ(f.count.calls, 5);
    CHECK_EQ(f.count.value, 9);
    teardown(&f);
}

static void test_extreme_values_keep_their_order(void) {
    fixture f;
    setup(&f, NULL, 0, 1);
    CHECK_OK(mvvm_sorted_integers_add(f.vm, INT64_MAX, NULL));
    CHECK_OK(mvvm_sorted_integers_add(f.vm, INT64_MIN, NULL));
    CHECK_OK(mvvm_sorted_integers_add(f.vm, 0, NULL));
    int64_t index = -1;
    CHECK_OK(mvvm_sorted_integers_add(f.vm, INT64_MAX, &index));
    CHECK_EQ(index, 3);
    int64_t expected[] = {INT64_MIN, 0, INT64_MAX, INT64_MAX};
    check_values(f.vm, expected, 4);
    teardown(&f);
}

static void test_remove_at_removes_one_row_with_one_remove_change(void) {
    int64_t values[] = {2, 4, 6, 8};
    fixture f;
    setup(&f, values, 4, 1);
    CHECK_OK(mvvm_sorted_integers_remove_at(f.vm, 1));
    CHECK_EQ(f.rows.change_sets, 1);
    CHECK_CHANGE(&f.rows, 0, MVVM_LIST_REMOVE, 1, 1);
    CHECK_EQ(f.count.value, 3);
    CHECK_OK(mvvm_sorted_integers_remove_at(f.vm, 2)); /* the last row */
    CHECK_CHANGE(&f.rows, 1, MVVM_LIST_REMOVE, 2, 1);
    CHECK_OK(mvvm_sorted_integers_remove_at(f.vm, 0));
    CHECK_CHANGE(&f.rows, 2, MVVM_LIST_REMOVE, 0, 1);
    int64_t expected[] = {6};
    check_values(f.vm, expected, 1);
    CHECK_OK(mvvm_sorted_integers_remove_at(f.vm, 0));
    check_values(f.vm, NULL, 0);
    CHECK_EQ(f.count.value, 0);
    CHECK_EQ(f.rows.change_sets, 4);
    teardown(&f);
}

static void test_remove_outside_the_rows_is_refused_and_changes_nothing(void) {
    int64_t values[] = {1, 2};
    fixture f;
    setup(&f, values, 2, 1);
    static const int64_t bad[] = {2, 3, -1, INT64_MAX, INT64_MIN};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        CHECK_STATUS(mvvm_sorted_integers_remove_at(f.vm, bad[i]), MVVM_E_OUT_OF_RANGE);
        int64_t value = 99;
        CHECK_STATUS(mvvm_sorted_integers_get_value(f.vm, bad[i], &value), MVVM_E_OUT_OF_RANGE);
        CHECK_EQ(value, 99);
    }
    CHECK_EQ(f.rows.calls, 0);
    CHECK_EQ(f.count.calls, 0);
    check_values(f.vm, values, 2);
    teardown(&f);
}

static void test_add_new_integer_adds_a_seeded_digit_at_its_upper_bound(void) {
    fixture a, b;
    setup(&a, NULL, 0, 12345);
    setup(&b, NULL, 0, 12345);
    for (int step = 0; step < 30; step++) {
        CHECK_OK(mvvm_sorted_integers_add_new_integer(a.vm));
        CHECK_OK(mvvm_sorted_integers_add_new_integer(b.vm));
        CHECK_EQ(a.rows.change_sets, (size_t)step + 1);
        CHECK_EQ(a.rows.last_set_size, 1);
        mvvm_list_change change = a.rows.changes[a.rows.change_count - 1];
        CHECK_EQ(change.kind, MVVM_LIST_INSERT);
        CHECK_EQ(change.count, 1);
        CHECK(change.start >= 0 && change.start <= step);
        /* The inserted value sits at `start`, and nothing after it is equal: the upper bound. */
        int64_t value = -1, next = -1;
        CHECK_OK(mvvm_sorted_integers_get_value(a.vm, change.start, &value));
        CHECK(value >= 0 && value <= 9);
        if (change.start + 1 <= step) {
            CHECK_OK(mvvm_sorted_integers_get_value(a.vm, change.start + 1, &next));
            CHECK(next > value);
        }
        if (change.start > 0) {
            int64_t previous = -1;
            CHECK_OK(mvvm_sorted_integers_get_value(a.vm, change.start - 1, &previous));
            CHECK(previous <= value);
        }
    }
    /* The same seed gives the same list and the same change sets. */
    CHECK_EQ(a.rows.change_count, b.rows.change_count);
    for (size_t i = 0; i < a.rows.change_count && i < b.rows.change_count; i++) {
        CHECK_EQ(a.rows.changes[i].start, b.rows.changes[i].start);
    }
    for (int64_t i = 0; i < 30; i++) {
        int64_t va = -1, vb = -2;
        CHECK_OK(mvvm_sorted_integers_get_value(a.vm, i, &va));
        CHECK_OK(mvvm_sorted_integers_get_value(b.vm, i, &vb));
        CHECK_EQ(va, vb);
    }
    CHECK_EQ(a.count.value, 30);
    teardown(&a);
    teardown(&b);
}

static void test_a_change_set_applied_to_a_mirror_reproduces_the_list(void) {
    /* What a host does: keep a mirror of the rows and apply each change set to it. */
    fixture f;
    setup(&f, NULL, 0, 99);
    int64_t mirror[256];
    int64_t mirror_count = 0;
    size_t applied = 0;
    for (int step = 0; step < 60; step++) {
        if (step % 4 == 3 && mirror_count > 0) {
            CHECK_OK(mvvm_sorted_integers_remove_at(f.vm, (int64_t)(step % mirror_count)));
        } else {
            CHECK_OK(mvvm_sorted_integers_add_new_integer(f.vm));
        }
        for (; applied < f.rows.change_count; applied++) {
            mvvm_list_change c = f.rows.changes[applied];
            if (c.kind == MVVM_LIST_INSERT) {
                int64_t value = -1;
                memmove(&mirror[c.start + 1], &mirror[c.start], (size_t)(mirror_count - c.start) * sizeof mirror[0]);
                CHECK_OK(mvvm_sorted_integers_get_value(f.vm, c.start, &value));
                mirror[c.start] = value;
                mirror_count++;
            } else if (c.kind == MVVM_LIST_REMOVE) {
                memmove(&mirror[c.start], &mirror[c.start + 1], (size_t)(mirror_count - c.start - 1) * sizeof mirror[0]);
                mirror_count--;
            } else {
                harness_report(__FILE__, __LINE__, "change kind", "only inserts and removes are expected");
            }
        }
        /* The recorder holds 64 changes; start over before it fills. */
        if (f.rows.change_count >= 60) {
            f.rows.change_count = 0;
            applied = 0;
        }
    }
    check_values(f.vm, mirror, mirror_count);
    teardown(&f);
}

static void test_creation_arguments_are_checked(void) {
    mvvm_object *vm = (mvvm_object *)(uintptr_t)0x42;
    int64_t values[] = {1};
    CHECK_STATUS(mvvm_sorted_integers_new(NULL, 3, 1, &vm), MVVM_E_INVALID_ARGUMENT);
    CHECK_STATUS(mvvm_sorted_integers_new(values, 1, 1, NULL), MVVM_E_INVALID_ARGUMENT);
    CHECK(vm == (mvvm_object *)(uintptr_t)0x42);
    /* A count that cannot be an array in memory is refused, not read. */
    CHECK_STATUS(mvvm_sorted_integers_new(values, SIZE_MAX, 1, &vm), MVVM_E_INVALID_ARGUMENT);
    CHECK(vm == (mvvm_object *)(uintptr_t)0x42);
    /* A non-NULL pointer with count 0 is an empty list. */
    CHECK_OK(mvvm_sorted_integers_new(values, 0, 1, &vm));
    check_values(vm, NULL, 0);
    CHECK_OK(mvvm_object_destroy(vm));
}

int main(void) {
    harness_init();
    RUN_TEST(test_initial_values_are_copied_and_sorted);
    RUN_TEST(test_an_empty_list_can_be_created_from_null);
    RUN_TEST(test_add_inserts_after_equal_values_with_one_insert_change);
    RUN_TEST(test_extreme_values_keep_their_order);
    RUN_TEST(test_remove_at_removes_one_row_with_one_remove_change);
    RUN_TEST(test_remove_outside_the_rows_is_refused_and_changes_nothing);
    RUN_TEST(test_add_new_integer_adds_a_seeded_digit_at_its_upper_bound);
    RUN_TEST(test_a_change_set_applied_to_a_mirror_reproduces_the_list);
    RUN_TEST(test_creation_arguments_are_checked);
    CHECK_OK(mvvm_shutdown());
    return harness_finish();
}
