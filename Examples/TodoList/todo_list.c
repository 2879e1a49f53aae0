/*
 * todo_list.c: an interactive widget bundle in plain C.
 *
 * One widget kind, `TodoList`: a short to-do list whose rows are buttons. Pressing a row runs
 * the C action `todo_toggle(id, done)`, which the manifest declares with its parameter types;
 * the host calls it through libffi (in the worker that holds this library) and then reloads
 * the widget, which shows the row ticked. `todo_reset()` unticks every row.
 *
 * It is built against widget_abi.h alone, with no JSON library: the actions take typed C
 * arguments, and the views are written with a small string buffer.
 *
 *     cc -std=c11 -Wall -Wextra -Werror -pedantic -O2 -fPIC -shared -pthread \
 *        -I ../../Sources/CWidgetABI/include -o libTodoList.so todo_list.c
 *
 * The list is kept in `$XDG_CONFIG_HOME/todo-list/items` (in a worker, the bundle's own
 * container), one line per item: `0 milk Milk` (done, id, title). Actions and calls may run
 * on several threads at once; one mutex guards the list.
 */
#define _POSIX_C_SOURCE 200809L

#include "widget_abi.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define KIND "TodoList"
#define MAX_ITEMS 8
#define ID_MAX 32
#define TITLE_MAX 64

typedef struct item {
    char id[ID_MAX];
    char title[TITLE_MAX];
    bool done;
} item;

/* The list, shared by every thread of the process. */
static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static item items[MAX_ITEMS];
static size_t item_count;
static int loaded;

static const item default_items[] = {
    {"milk", "Buy milk", false},
    {"plants", "Water the plants", false},
    {"call", "Call grandma", false},
};

static const char description_json[] =
    "{\"id\":\"dev.widget-host.examples.todo-list\","
    "\"name\":\"To-Do List\","
    "\"version\":\"1.0.0\","
    "\"kinds\":[{\"kind\":\"" KIND "\","
    "\"displayName\":\"To-Do List\","
    "\"description\":\"A short list you tick off by pressing its rows.\","
    "\"families\":[\"systemSmall\",\"systemMedium\",\"systemLarge\"],"
    "\"configuration\":{\"type\":\"static\"}}],"
    "\"actions\":["
    "{\"name\":\"todo_toggle\",\"parameters\":[{\"name\":\"id\",\"type\":\"string\"},"
    "{\"name\":\"done\",\"type\":\"bool\"}],\"returns\":\"status\"},"
    "{\"name\":\"todo_reset\",\"returns\":\"status\"}]}";

/* ------------------------------------------------------------------------------------------ */
/* The list on disk                                                                            */

/* The file the list lives in, in `path` (PATH_MAX-sized); 0 when no folder is known. */
static int list_file(char *path, size_t size)
{
    const char *config = getenv("XDG_CONFIG_HOME");
    const char *home = getenv("HOME");
    int n;

    if (config && *config)
        n = snprintf(path, size, "%s/todo-list", config);
    else if (home && *home)
        n = snprintf(path, size, "%s/.config/todo-list", home);
    else
        return 0;
    if (n < 0 || (size_t)n >= size)
        return 0;
    if (mkdir(path, 0700) != 0 && errno != EEXIST)
        return 0;
    n = snprintf(path + n, size - (size_t)n, "/items");
    return n > 0;
}

/* Reads the list once (the defaults when there is no file). Called with the lock held. */
static void load_list(void)
{
    char path[4096];
    char line[ID_MAX + TITLE_MAX + 8];
    FILE *file;

    if (loaded)
        return;
    loaded = 1;
    item_count = sizeof default_items / sizeof default_items[0];
    memcpy(items, default_items, sizeof default_items);
    if (!list_file(path, sizeof path) || !(file = fopen(path, "r")))
        return;
    item_count = 0;
    while (item_count < MAX_ITEMS && fgets(line, sizeof line, file)) {
        item *it = &items[item_count];
        char *id = line + 2;
        char *title = strchr(id, ' ');
        size_t title_len;

        if ((line[0] != '0' && line[0] != '1') || line[1] != ' ' || !title)
            continue;
        *title++ = '\0';
        title_len = strcspn(title, "\n");
        if (strlen(id) == 0 || strlen(id) >= ID_MAX || title_len == 0 || title_len >= TITLE_MAX)
            continue;
        strcpy(it->id, id);
        memcpy(it->title, title, title_len);
        it->title[title_len] = '\0';
        it->done = line[0] == '1';
        item_count++;
    }
    fclose(file);
}

/* Writes the list; 0 on failure. Called with the lock held. */
static int save_list(void)
{
    char path[4096];
    char temporary[4200];
    FILE *file;
    size_t i;

    if (!list_file(path, sizeof path))
        return 0;
    snprintf(temporary, sizeof temporary, "%s.new", path);
    if (!(file = fopen(temporary, "w")))
        return 0;
    for (i = 0; i < item_count; i++)
        fprintf(file, "%c %s %s\n", items[i].done ? '1' : '0', items[i].id, items[i].title);
    if (fclose(file) != 0)
        return 0;
    return rename(temporary, path) == 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The actions: plain exported functions, declared in manifest.json with their types           */

/* Ticks (`done` true) or unticks item `id`. Returns WK_STATUS_OK, or WK_STATUS_INVALID for an
 * unknown id, or WK_STATUS_ERROR when the list cannot be saved. */
WK_EXPORT int32_t todo_toggle(const char *id, bool done);

WK_EXPORT int32_t todo_toggle(const char *id, bool done)
{
    int32_t status = WK_STATUS_INVALID;
    size_t i;

    pthread_mutex_lock(&list_lock);
    load_list();
    for (i = 0; i < item_count; i++) {
        if (strcmp(items[i].id, id) == 0) {
            items[i].done = done;
            status = save_list() ? WK_STATUS_OK : WK_STATUS_ERROR;
            break;
        }
    }
    pthread_mutex_unlock(&list_lock);
    return status;
}

/* Unticks every item. */
WK_EXPORT int32_t todo_reset(void);

WK_EXPORT int32_t todo_reset(void)
{
    int32_t status;
    size_t i;

    pthread_mutex_lock(&list_lock);
    load_list();
    for (i = 0; i < item_count; i++)
        items[i].done = false;
    status = save_list() ? WK_STATUS_OK : WK_STATUS_ERROR;
    pthread_mutex_unlock(&list_lock);
    return status;
}

/* ------------------------------------------------------------------------------------------ */
/* Replies                                                                                     */

typedef struct sbuf {
    char *data;
    size_t len;
    size_t cap;
    int failed;
} sbuf;

static void sb_append(sbuf *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1024;
        char *data;
        while (cap < b->len + n + 1)
            cap *= 2;
        if (!(data = realloc(b->data, cap))) {
            b->failed = 1;
            return;
        }
        b->data = data;
        b->cap = cap;
    }
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *s)
{
    sb_append(b, s, strlen(s));
}

/* Appends `s` as a JSON string. Ids and titles come from the list file: quotes, backslashes
 * and control characters are escaped, the rest is copied as it is. */
static void sb_json_string(sbuf *b, const char *s)
{
    char escape[8];

    sb_append(b, "\"", 1);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            escape[0] = '\\';
            escape[1] = (char)c;
            sb_append(b, escape, 2);
        } else if (c < 0x20) {
            snprintf(escape, sizeof escape, "\\u%04x", c);
            sb_append(b, escape, 6);
        } else {
            sb_append(b, (const char *)&c, 1);
        }
    }
    sb_append(b, "\"", 1);
}

static void format_date(double t, char out[32])
{
    time_t seconds = (time_t)(isfinite(t) && t > 0 ? t : 0);
    struct tm tm;

    if (!gmtime_r(&seconds, &tm) || !strftime(out, 32, "%Y-%m-%dT%H:%M:%SZ", &tm))
        strcpy(out, "1970-01-01T00:00:00Z");
}

/* One row: a button (an `action` node) that runs todo_toggle(id, !done), showing a tick or an
 * empty circle and the title, struck through when done. Rows are `invalidatable`: between the
 * press and the next entry the host draws them as placeholders. */
static void emit_row(sbuf *b, const item *it)
{
    sb_puts(b, "{\"type\":\"invalidatable\",\"child\":{\"type\":\"action\",\"action\":"
               "{\"name\":\"todo_toggle\",\"arguments\":{\"id\":");
    sb_json_string(b, it->id);
    sb_puts(b, it->done ? ",\"done\":false}}," : ",\"done\":true}},");
    sb_puts(b, "\"child\":{\"type\":\"hstack\",\"spacing\":6,\"children\":[");
    sb_puts(b, it->done
                   ? "{\"type\":\"style\",\"foreground\":{\"name\":\"green\"},\"child\":"
                     "{\"type\":\"image\",\"systemName\":\"checkmark.circle.fill\"}},"
                   : "{\"type\":\"style\",\"foreground\":{\"name\":\"secondary\"},\"child\":"
                     "{\"type\":\"image\",\"systemName\":\"circle\"}},");
    sb_puts(b, "{\"type\":\"style\",\"lineLimit\":1");
    if (it->done)
        sb_puts(b, ",\"strikethrough\":true,\"foreground\":{\"name\":\"secondary\"}");
    sb_puts(b, ",\"child\":{\"type\":\"text\",\"runs\":[{\"text\":");
    sb_json_string(b, it->title);
    sb_puts(b, "}]}},{\"type\":\"spacer\"}]}}}");
}

/* The entry: a heading with how many are done, then the rows. Called with the lock held. */
static void emit_entry(sbuf *b, double now)
{
    char date[32];
    char heading[64];
    size_t done = 0;
    size_t i;

    for (i = 0; i < item_count; i++)
        done += items[i].done;
    snprintf(heading, sizeof heading, "To-Do · %zu of %zu done", done, item_count);
    format_date(now, date);
    sb_puts(b, "{\"date\":\"");
    sb_puts(b, date);
    sb_puts(b, "\",\"view\":{\"type\":\"padding\",\"top\":12,\"leading\":12,\"bottom\":12,"
               "\"trailing\":12,\"child\":{\"type\":\"vstack\",\"alignment\":\"leading\","
               "\"spacing\":6,\"children\":[{\"type\":\"style\",\"weight\":\"bold\","
               "\"lineLimit\":1,\"child\":{\"type\":\"text\",\"runs\":[{\"text\":");
    sb_json_string(b, heading);
    sb_puts(b, "}]}}");
    for (i = 0; i < item_count; i++) {
        sb_puts(b, ",");
        emit_row(b, &items[i]);
    }
    sb_puts(b, ",{\"type\":\"spacer\"}]}}}");
}

static void reply(const wk_call *call, int32_t status, const char *data, size_t len)
{
    call->reply(call->reply_ctx, status, data, len);
}

static void todo_call(const wk_bundle *bundle, const wk_call *call)
{
    const wk_host *host = bundle->bundle_data;
    static const char unsupported[] = "TodoList answers placeholder, snapshot and timeline";
    static const char unknown_kind[] = "this bundle has one kind, TodoList";
    static const char no_memory[] = "out of memory";
    sbuf out = {NULL, 0, 0, 0};

    if (!call || call->struct_size < wk_call_size_1_0() || !call->reply)
        return;
    if (call->method != WK_METHOD_PLACEHOLDER && call->method != WK_METHOD_SNAPSHOT
        && call->method != WK_METHOD_TIMELINE) {
        /* Its actions are C functions the host calls itself: WK_METHOD_PERFORM never comes. */
        reply(call, WK_STATUS_UNSUPPORTED, unsupported, sizeof unsupported - 1);
        return;
    }
    if (call->kind_len != strlen(KIND) || memcmp(call->kind, KIND, call->kind_len) != 0) {
        reply(call, WK_STATUS_INVALID, unknown_kind, sizeof unknown_kind - 1);
        return;
    }
    pthread_mutex_lock(&list_lock);
    load_list();
    if (call->method == WK_METHOD_TIMELINE) {
        /* One entry, kept until an action or a reload asks for a new one. */
        sb_puts(&out, "{\"entries\":[");
        emit_entry(&out, host->now(host));
        sb_puts(&out, "],\"policy\":{\"type\":\"never\"}}");
    } else {
        emit_entry(&out, host->now(host));
    }
    pthread_mutex_unlock(&list_lock);
    if (out.failed)
        reply(call, WK_STATUS_ERROR, no_memory, sizeof no_memory - 1);
    else
        reply(call, WK_STATUS_OK, out.data, out.len);
    free(out.data);
}

static int32_t todo_describe(const wk_bundle *bundle, const char **json, size_t *len)
{
    (void)bundle;
    *json = description_json;
    *len = sizeof description_json - 1;
    return WK_STATUS_OK;
}

static void todo_destroy(const wk_bundle *bundle)
{
    free((void *)bundle);
}

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host)
{
    wk_bundle *table;

    if (!host || host->abi_version.major != WK_ABI_VERSION_MAJOR
        || host->struct_size < wk_host_size_1_0() || !host->now)
        return NULL;
    if (!(table = calloc(1, sizeof *table)))
        return NULL;
    table->struct_size = sizeof *table;
    table->abi_version.major = WK_ABI_VERSION_MAJOR;
    table->abi_version.minor = WK_ABI_VERSION_MINOR;
    table->bundle_data = (void *)host;
    table->describe = todo_describe;
    table->call = todo_call;
    table->destroy = todo_destroy;
    return table;
}
