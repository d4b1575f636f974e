/* The list model's index arithmetic: random change sets applied to the real adapter code
 * (mvvm_gtk_list_model_apply over a fake row source) and to a plain array agree, checked
 * through the GListModel API and items-changed. 10,000 cases, deterministic seed. */
#include "../mvvm-gtk-private.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct { int64_t id; const char *rev; } fake_row;
static const mvvm_record_field fields[] = {
    { "id", MVVM_VALUE_INT64, 0, offsetof(fake_row, id), "" },
    { "rev_text", MVVM_VALUE_STRING, 0, offsetof(fake_row, rev), "" },
};
static const char *const field_enum_names[] = {NULL, NULL};
static const mvvm_record_info record = { 7, "FakeRow", "fake_row", "FAKE_VALUE_ROW", sizeof(fake_row),
                                         _Alignof(fake_row), 0, 2, fields, "", field_enum_names };

typedef struct { int64_t id; int rev; } row;
static GArray *truth;   /* row */
static char rev_buf[32];
static int64_t next_id = 1;
static int failures;

static int64_t fake_count(void *data) { (void)data; return truth->len; }
static gboolean fake_get(void *data, int64_t index, mvvm_value *out) {
    (void)data;
    if (index < 0 || index >= truth->len) return FALSE;
    row r = g_array_index(truth, row, index);
    snprintf(rev_buf, sizeof rev_buf, "rev %d", r.rev);
    out->kind = 7;
    fake_row *f = MVVM_VALUE_RECORD(out, fake_row);
    f->id = r.id;
    f->rev = rev_buf;
    return TRUE;
}

/* what a view sees: replayed from items-changed; NULL = a row added since the last check */
static GPtrArray *mirror;
static int events;
static guint last_pos, last_removed, last_added;
static void on_items_changed(GListModel *m, guint pos, guint removed, guint added, gpointer u) {
    (void)m; (void)u;
    events++;
    if (pos + removed > mirror->len) { failures++; fprintf(stderr, "items-changed out of range\n"); return; }
    g_ptr_array_remove_range(mirror, pos, removed);
    for (guint i = 0; i < added; i++) g_ptr_array_insert(mirror, (gint)(pos + i), NULL);
    last_pos = pos; last_removed = removed; last_added = added;
}
static int notifies;
static void on_notify(GObject *o, GParamSpec *p, gpointer u) { (void)o; (void)p; (void)u; notifies++; }

#define CHECK(cond, ...) do { if (!(cond)) { failures++; if (failures < 10) { fprintf(stderr, "case %d: ", c); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } } while (0)

int main(void) {
    GRand *rand = g_rand_new_with_seed(38);
    truth = g_array_new(FALSE, FALSE, sizeof(row));
    mirror = g_ptr_array_new();
    for (int i = 0; i < 10000; i++) { row r = { next_id++, 0 }; g_array_append_val(truth, r); }
    mvvm_gtk_row_source source = { fake_count, fake_get };
    GError *error = NULL;
    MvvmGtkListModel *model = mvvm_gtk_list_model_new_from_source(&source, NULL, &record, &error);
    if (!model) { fprintf(stderr, "%s\n", error->message); return 1; }
    GListModel *list = G_LIST_MODEL(model);
    int c = 0;
    CHECK(g_list_model_get_n_items(list) == 10000, "n_items");
    CHECK(mvvm_gtk_list_model_cached(model) == 0, "10,000 rows built %u items up front", mvvm_gtk_list_model_cached(model));
    GObject *first = g_list_model_get_item(list, 0);
    CHECK(mvvm_gtk_list_model_cached(model) == 1, "one get built %u items", mvvm_gtk_list_model_cached(model));
    g_object_unref(first);
    /* start the random cases from a small list */
    { mvvm_list_change reset = { MVVM_LIST_RESET, 0, 5 }; g_array_set_size(truth, 0);
      for (int i = 0; i < 5; i++) { row r = { next_id++, 0 }; g_array_append_val(truth, r); }
      mvvm_gtk_list_model_apply(model, &reset, 1); }
    for (guint i = 0; i < truth->len; i++) g_ptr_array_add(mirror, g_list_model_get_item(list, i));
    g_signal_connect(list, "items-changed", G_CALLBACK(on_items_changed), NULL);
    int single_row_cases = 0;
    for (c = 0; c < 10000; c++) {
        /* pull some rows into the cache, with a notify counter on them */
        for (guint i = 0; i < mirror->len; i++) if (g_ptr_array_index(mirror, i))
            g_object_unref(g_ptr_array_index(mirror, i));
        g_ptr_array_set_size(mirror, 0);
        for (guint i = 0; i < truth->len; i++) {
            GObject *item = NULL;
            if (g_rand_int_range(rand, 0, 3) == 0) {
                item = g_list_model_get_item(list, i);
                g_signal_handlers_disconnect_by_func(item, on_notify, NULL);
                g_signal_connect(item, "notify::rev-text", G_CALLBACK(on_notify), NULL);
            }
            g_ptr_array_add(mirror, item);
        }
        /* a random change set, applied to the truth */
        mvvm_list_change changes[6];
        int n = g_rand_int_range(rand, 1, 6);
        gboolean one_row = FALSE, update_only = TRUE, has_reset = FALSE;
        int64_t updated_cached = 0;
        for (int k = 0; k < n; k++) {
            int len = (int)truth->len;
            int kind = g_rand_int_range(rand, 0, 100);
            mvvm_list_change *ch = &changes[k];
            if (kind < 3) {
                int count = g_rand_int_range(rand, 0, 12);
                g_array_set_size(truth, 0);
                for (int i = 0; i < count; i++) { row r = { next_id++, 0 }; g_array_append_val(truth, r); }
                *ch = (mvvm_list_change){ MVVM_LIST_RESET, 0, count };
                has_reset = TRUE; update_only = FALSE;
            } else if (kind < 35 || len == 0) {
                int start = g_rand_int_range(rand, 0, len + 1), count = g_rand_int_range(rand, 1, 4);
                for (int i = 0; i < count; i++) { row r = { next_id++, 0 }; g_array_insert_val(truth, start + i, r); }
                *ch = (mvvm_list_change){ MVVM_LIST_INSERT, start, count };
                update_only = FALSE;
            } else if (kind < 60) {
                int start = g_rand_int_range(rand, 0, len), count = g_rand_int_range(rand, 1, MIN(3, len - start) + 1);
                g_array_remove_range(truth, start, count);
                *ch = (mvvm_list_change){ MVVM_LIST_REMOVE, start, count };
                update_only = FALSE;
            } else if (kind < 80) {
                int start = g_rand_int_range(rand, 0, len), count = g_rand_int_range(rand, 1, MIN(3, len - start) + 1);
                for (int i = start; i < start + count; i++) g_array_index(truth, row, i).rev++;
                *ch = (mvvm_list_change){ MVVM_LIST_UPDATE, start, count };
                if (n == 1) for (int i = start; i < start + count; i++) if (g_ptr_array_index(mirror, i)) updated_cached++;
            } else {
                int from = g_rand_int_range(rand, 0, len), to = g_rand_int_range(rand, 0, len);
                row r = g_array_index(truth, row, from);
                g_array_remove_index(truth, from);
                g_array_insert_val(truth, to, r);
                *ch = (mvvm_list_change){ MVVM_LIST_MOVE, from, to };
                update_only = FALSE;
            }
            one_row = n == 1 && (ch->kind == MVVM_LIST_INSERT || ch->kind == MVVM_LIST_REMOVE) ? ch->count == 1
                    : n == 1 && ch->kind == MVVM_LIST_MOVE && ch->start != ch->count;
        }
        events = 0; notifies = 0;
        mvvm_gtk_list_model_apply(model, changes, (size_t)n);
        /* the model and the view's replay agree with the truth */
        CHECK(g_list_model_get_n_items(list) == truth->len, "n_items %u, truth %u", g_list_model_get_n_items(list), truth->len);
        CHECK(mirror->len == truth->len, "replayed %u rows, truth %u", mirror->len, truth->len);
        for (guint i = 0; i < truth->len && i < mirror->len; i++) {
            GObject *item = g_list_model_get_item(list, i);
            if (!item) { CHECK(0, "row %u: no item", i); continue; }
            gint64 id = 0; char *rev = NULL;
            g_object_get(item, "id", &id, "rev-text", &rev, NULL);
            row r = g_array_index(truth, row, i);
            char want[32]; snprintf(want, sizeof want, "rev %d", r.rev);
            CHECK(id == r.id, "row %u: id %" G_GINT64_FORMAT ", truth %" G_GINT64_FORMAT, i, id, r.id);
            CHECK(g_strcmp0(rev, want) == 0, "row %u: %s, truth %s", i, rev, want);
            /* an item the view kept is the model's item still (identity across the change) */
            if (g_ptr_array_index(mirror, i)) CHECK(g_ptr_array_index(mirror, i) == item, "row %u: another item than the view kept", i);
            g_free(rev);
            g_object_unref(item);
        }
        if (update_only) {
            CHECK(events == 0, "an update emitted %d items-changed", events);
            if (n == 1) CHECK(notifies >= updated_cached, "update: %d notify, %" G_GINT64_FORMAT " viewed rows", notifies, updated_cached);
        }
        if (one_row) { single_row_cases++; CHECK(events == 1, "a one-row change emitted %d items-changed", events); }
        if (one_row && events == 1) {
            const mvvm_list_change *ch = &changes[0];
            guint want_pos = (guint)ch->start, want_r = 0, want_a = 0;
            if (ch->kind == MVVM_LIST_INSERT) want_a = 1;
            else if (ch->kind == MVVM_LIST_REMOVE) want_r = 1;
            else { want_pos = (guint)MIN(ch->start, ch->count); want_r = want_a = (guint)(ABS(ch->start - ch->count) + 1); }
            CHECK(last_pos == want_pos && last_removed == want_r && last_added == want_a,
                  "one-row change kind %d: items-changed(%u, %u, %u), want (%u, %u, %u)", (int)ch->kind,
                  last_pos, last_removed, last_added, want_pos, want_r, want_a);
        }
        (void)has_reset;
    }
    /* contiguous inserts coalesce into one items-changed */
    events = 0;
    { mvvm_list_change set[3] = { { MVVM_LIST_INSERT, 0, 2 }, { MVVM_LIST_INSERT, 2, 1 }, { MVVM_LIST_INSERT, 1, 1 } };
      for (int i = 0; i < 4; i++) { row r = { next_id++, 0 }; g_array_insert_val(truth, 0, r); }
      mvvm_gtk_list_model_apply(model, set, 3); }
    c = -1;
    CHECK(events == 1, "three touching inserts emitted %d items-changed", events);
    for (guint i = 0; i < mirror->len; i++) if (g_ptr_array_index(mirror, i)) g_object_unref(g_ptr_array_index(mirror, i));
    g_object_unref(model);
    /* bad input is reported, never a crash */
    GError *bad = NULL;
    CHECK(mvvm_gtk_list_model_new(NULL, "rows", &bad) == NULL && bad && bad->code == MVVM_GTK_ERROR_INVALID_ARGUMENT, "NULL object refused");
    g_clear_error(&bad);
    CHECK(mvvm_gtk_list_model_new_from_source(NULL, NULL, &record, &bad) == NULL && bad, "NULL source refused");
    g_clear_error(&bad);
    CHECK(!mvvm_gtk_bind_property(NULL, "name", NULL, "text", 0, &bad) && bad, "NULL binding refused");
    g_clear_error(&bad);
    CHECK(!mvvm_gtk_bind_command(NULL, "save", NULL, &bad) && bad, "NULL command binding refused");
    g_clear_error(&bad);
    CHECK(!mvvm_gtk_detach(0, &bad) && bad, "detaching a source that is not mvvm-gtk's refused");
    g_clear_error(&bad);
    CHECK(mvvm_gtk_attach(NULL, &bad) == 0 && bad, "attaching before mvvm_init() refused: %s", bad ? bad->message : "");
    g_clear_error(&bad);
    printf("list model: 10000 random change sets, %d one-row cases\n", single_row_cases);
    printf("%d passed, %d failed\n", failures ? 0 : 1, failures ? 1 : 0);
    return failures ? 1 : 0;
}
