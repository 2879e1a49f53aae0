/*
 * A configurable C bundle for the host's tests. Compiled by the tests with -D options:
 *   FIXTURE_MAJOR       the ABI major version the bundle claims (default: the header's)
 *   FIXTURE_STRUCT_SIZE the wk_bundle.struct_size it reports (default: sizeof(wk_bundle))
 *   FIXTURE_MINOR       the ABI minor version the bundle claims (default: the header's)
 *   FIXTURE_REFUSE      return NULL from the entry point
 *   FIXTURE_NO_ENTRY    do not export wk_bundle_entry at all
 *   FIXTURE_COUNT_DESTROYS  answer a call made after destroy (until the next load) with
 *                       WK_STATUS_ERROR "called after destroy"
 *   FIXTURE_DESCRIPTION the JSON describe returns (default: the kinds below, all families small)
 * Each kind behaves as its name says:
 *   Good       a timeline of 3 entries 60 s apart from host->now, policy atEnd
 *   Twice      replies twice to every call
 *   Fail       a placeholder, but WK_STATUS_ERROR "backend unreachable" for snapshot and timeline
 *   Garbage    replies "{not json"
 *   Later      replies from another thread after 20 ms
 *   Reloader   like Good, and asks the host to reload kind Good from inside the call
 *   Never      never replies
 *   Chatty     like Good, but first prints to standard output (which must not reach the stream)
 *   Huge       a 20 MiB reply
 *   Ancient    a timeline whose entry is dated 1960
 *   Many       a timeline of 20,000 entries
 *   Segv       crashes with SIGSEGV (a NULL write) on snapshot and timeline
 *   Abort      calls abort() on snapshot and timeline
 *   Exit       calls exit(3) on snapshot and timeline
 *   Once       its first timeline in a process has one entry and asks for the next a second
 *              later (policy after); every later timeline call crashes (SIGSEGV)
 *   Hog        allocates and touches 4 GiB on snapshot and timeline (past the worker's memory
 *              limit); aborts if malloc fails
 *   Configurable  an intent configuration with a parameter of every type (title string, count
 *              int, ratio double, enabled bool, day date, color enum red/green/blue, animal
 *              entity, required); its snapshot and its one entry (policy never) show the
 *              configuration it received as "name=value" pairs ("animal=cat(Cat)" for the
 *              entity), the entry followed by "timeline=N", N counting the process's timeline
 *              calls of this kind; its options for animal are cat, dog, panda, and also whale when color is
 *              blue; they fail ("options backend down") when title is "fail"
 * FIXTURE_HANG_ON_LOAD makes the entry point never return.
 * With FIXTURE_SILENT set (non-empty) in the environment when a call arrives, no call of any kind
 * is answered: what a restarted host shows before its provider replies.
 * With FIXTURE_REFUSE_LOAD set (non-empty) in the environment, the entry point returns NULL: a
 * library that loaded before and now fails, its file unchanged.
 * FIXTURE_CRASH_AFTER_LOAD makes the entry point start a thread that crashes (SIGSEGV) 100 ms
 * later: every load of the library crashes, which quarantines it.
 * FIXTURE_BLOCKING_CALLS=N makes every `call` block the host's thread (against the ABI's "return
 * promptly", as a provider doing blocking I/O does) until N calls are inside `call` at once, or
 * for 2 s; after 2 s it answers with an error instead.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "widget_abi.h"

#ifndef FIXTURE_MAJOR
#define FIXTURE_MAJOR WK_ABI_VERSION_MAJOR
#endif
#ifndef FIXTURE_STRUCT_SIZE
#define FIXTURE_STRUCT_SIZE sizeof(wk_bundle)
#endif
#ifndef FIXTURE_MINOR
#define FIXTURE_MINOR WK_ABI_VERSION_MINOR
#endif
#ifndef FIXTURE_DESCRIPTION
#define FIXTURE_DESCRIPTION                                                                     \
    "{\"kinds\":["                                                                              \
    "{\"kind\":\"Good\",\"families\":[\"systemSmall\",\"systemMedium\"]},"                      \
    "{\"kind\":\"Twice\",\"families\":[\"systemSmall\"]},"                                      \
    "{\"kind\":\"Fail\",\"families\":[\"systemSmall\"]},"                                       \
    "{\"kind\":\"Garbage\",\"families\":[\"systemSmall\"]},"                                    \
    "{\"kind\":\"Later\",\"families\":[\"systemSmall\"]},"                                      \
    "{\"kind\":\"Reloader\",\"families\":[\"systemSmall\"]},"                                   \
    "{\"kind\":\"Never\",\"families\":[\"systemSmall\"]},"                                      \
    "{\"kind\":\"Chatty\",\"families\":[\"systemSmall\"]},"                                     \
    "{\"kind\":\"Huge\",\"families\":[\"systemSmall\"]},"                                       \
    "{\"kind\":\"Ancient\",\"families\":[\"systemSmall\"]},"                                    \
    "{\"kind\":\"Many\",\"families\":[\"systemSmall\"]},"                                       \
    "{\"kind\":\"Segv\",\"families\":[\"systemSmall\"]},"                                       \
    "{\"kind\":\"Abort\",\"families\":[\"systemSmall\"]},"                                      \
    "{\"kind\":\"Exit\",\"families\":[\"systemSmall\"]},"                                       \
    "{\"kind\":\"Hog\",\"families\":[\"systemSmall\"]},"                                        \
    "{\"kind\":\"Once\",\"families\":[\"systemSmall\"]},"                                        \
    "{\"kind\":\"Configurable\",\"families\":[\"systemSmall\",\"systemLarge\"],"                \
    "\"configuration\":{\"type\":\"intent\",\"intent\":\"ConfigurableIntent\",\"parameters\":["    \
    "{\"name\":\"title\",\"type\":\"string\",\"default\":\"Hi\"},"                             \
    "{\"name\":\"count\",\"type\":\"int\",\"default\":1},"                                      \
    "{\"name\":\"ratio\",\"type\":\"double\"},"                                                 \
    "{\"name\":\"enabled\",\"type\":\"bool\",\"default\":false},"                               \
    "{\"name\":\"day\",\"type\":\"date\"},"                                                     \
    "{\"name\":\"color\",\"type\":\"enum\",\"default\":\"red\",\"cases\":["                     \
    "{\"value\":\"red\",\"title\":\"Red\"},{\"value\":\"green\",\"title\":\"Green\"},"           \
    "{\"value\":\"blue\",\"title\":\"Blue\"}]},"                                                 \
    "{\"name\":\"animal\",\"type\":\"entity\",\"entityType\":\"Animal\",\"required\":true}"      \
    "]}}]}"
#endif

static const wk_host *the_host;

static void format_date(double seconds, char *out, size_t size) {
    time_t whole = (time_t)seconds;
    struct tm tm;
    gmtime_r(&whole, &tm);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static char *entry_json(double date, const char *label) {
    char when[32];
    format_date(date, when, sizeof when);
    char *json = malloc(256);
    snprintf(json, 256, "{\"date\":\"%s\",\"view\":{\"type\":\"text\",\"runs\":[{\"text\":\"%s\"}]}}",
             when, label);
    return json;
}

static char *timeline_json(double now) {
    char *entries[3];
    for (int i = 0; i < 3; i++) {
        char label[32];
        snprintf(label, sizeof label, "entry %d", i);
        entries[i] = entry_json(now + 60.0 * i, label);
    }
    char *json = malloc(1024);
    snprintf(json, 1024, "{\"entries\":[%s,%s,%s],\"policy\":{\"type\":\"atEnd\"}}", entries[0],
             entries[1], entries[2]);
    for (int i = 0; i < 3; i++) free(entries[i]);
    return json;
}

static void reply_text(const wk_call *call, int32_t status, const char *text) {
    call->reply(call->reply_ctx, status, text, strlen(text));
}

struct later {
    void *ctx;
    wk_reply_fn reply;
    char *json;
};

static void *reply_later(void *argument) {
    struct later *later = argument;
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, NULL);
    later->reply(later->ctx, WK_STATUS_OK, later->json, strlen(later->json));
    free(later->json);
    free(later);
    return NULL;
}

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = FIXTURE_DESCRIPTION;
    *len = strlen(FIXTURE_DESCRIPTION);
    return WK_STATUS_OK;
}

static int kind_is(const wk_call *call, const char *name) {
    return call->kind_len == strlen(name) && memcmp(call->kind, name, call->kind_len) == 0;
}

static void crash(void) {
    volatile int *nowhere = NULL;
    *nowhere = 1;
}

#ifdef FIXTURE_CRASH_AFTER_LOAD
static void *crash_later(void *argument) {
    (void)argument;
    struct timespec pause = {0, 100 * 1000 * 1000};
    nanosleep(&pause, NULL);
    crash();
    return NULL;
}
#endif

/* Copies a JSON string's contents (still escaped, so valid inside another JSON string) from
 * `from` (just after its opening quote) to `out`; returns the position after the closing quote. */
static const char *copy_string(const char *from, const char *end, char **out) {
    while (from < end && *from != '"') {
        if (*from == '\\' && from + 1 < end) *(*out)++ = *from++;
        *(*out)++ = *from++;
    }
    return from < end ? from + 1 : end;
}

/* The position after the JSON value starting at `from` (a string, object, array or literal). */
static const char *skip_value(const char *from, const char *end) {
    if (from < end && *from == '"') {
        from++;
        while (from < end && *from != '"') from += (*from == '\\') ? 2 : 1;
        return from < end ? from + 1 : end;
    }
    if (from < end && (*from == '{' || *from == '[')) {
        int depth = 0;
        while (from < end) {
            char c = *from;
            if (c == '"') {
                from = skip_value(from, end);
                continue;
            }
            if (c == '{' || c == '[') depth++;
            if ((c == '}' || c == ']') && --depth == 0) return from + 1;
            from++;
        }
        return end;
    }
    while (from < end && *from != ',' && *from != '}' && *from != ']') from++;
    return from;
}

/* The configuration in the context as "name=value" pairs separated by spaces (entity values as
 * "identifier(display)"); "unconfigured" without one. The caller frees it. */
static char *configuration_text(const wk_call *call) {
    const char *context = call->context_json, *end = context + call->context_len;
    char *text = malloc(call->context_len + 32), *out = text;
    const char *key = "\"configuration\":{";
    const char *at = NULL;
    for (const char *p = context; p + strlen(key) <= end; p++) {
        if (memcmp(p, key, strlen(key)) == 0) { at = p + strlen(key); break; }
    }
    if (at == NULL) { strcpy(text, "unconfigured"); return text; }
    while (at < end && *at != '}') {
        if (*at == ',' || *at == ' ') { at++; continue; }
        if (*at != '"') break;
        if (out != text) *out++ = ' ';
        at = copy_string(at + 1, end, &out);
        *out++ = '=';
        at++; /* the colon */
        if (*at == '"') {
            at = copy_string(at + 1, end, &out);
        } else if (*at == '{') {
            const char *close = skip_value(at, end);
            const char *id = NULL, *display = NULL;
            for (const char *p = at; p < close; p++) {
                if (strncmp(p, "\"identifier\":\"", 14) == 0) id = p + 14;
                if (strncmp(p, "\"display\":\"", 11) == 0) display = p + 11;
            }
            if (id) copy_string(id, close, &out);
            *out++ = '(';
            if (display) copy_string(display, close, &out);
            *out++ = ')';
            at = close;
        } else {
            const char *stop = skip_value(at, end);
            memcpy(out, at, (size_t)(stop - at));
            out += stop - at;
            at = stop;
        }
    }
    *out = 0;
    return text;
}

static int context_has(const wk_call *call, const char *needle) {
    size_t length = strlen(needle);
    for (size_t i = 0; i + length <= call->context_len; i++) {
        if (memcmp(call->context_json + i, needle, length) == 0) return 1;
    }
    return 0;
}

static void configurable(const wk_call *call, double now) {
    if (call->method == WK_METHOD_OPTIONS) {
        if (!context_has(call, "\"parameter\":\"animal\"")) {
            reply_text(call, WK_STATUS_INVALID, "only animal has options");
        } else if (context_has(call, "\"title\":\"fail\"")) {
            reply_text(call, WK_STATUS_ERROR, "options backend down");
        } else if (context_has(call, "\"color\":\"blue\"")) {
            reply_text(call, WK_STATUS_OK,
                       "{\"options\":[{\"identifier\":\"cat\",\"display\":\"Cat\"},"
                       "{\"identifier\":\"dog\",\"display\":\"Dog\"},"
                       "{\"identifier\":\"panda\",\"display\":\"Panda\"},"
                       "{\"identifier\":\"whale\",\"display\":\"Whale\"}]}");
        } else {
            reply_text(call, WK_STATUS_OK,
                       "{\"options\":[{\"identifier\":\"cat\",\"display\":\"Cat\"},"
                       "{\"identifier\":\"dog\",\"display\":\"Dog\"},"
                       "{\"identifier\":\"panda\",\"display\":\"Panda\"}]}");
        }
        return;
    }
    if (call->method == WK_METHOD_PLACEHOLDER) {
        char *json = entry_json(now, "configurable");
        reply_text(call, WK_STATUS_OK, json);
        free(json);
        return;
    }
    char *pairs = configuration_text(call);
    char *text = malloc(strlen(pairs) + 32);
    if (call->method == WK_METHOD_TIMELINE) {
        static int timelines = 0;
        sprintf(text, "%s timeline=%d", pairs, __atomic_add_fetch(&timelines, 1, __ATOMIC_SEQ_CST));
    } else {
        strcpy(text, pairs);
    }
    free(pairs);
    char when[32];
    format_date(now, when, sizeof when);
    size_t size = strlen(text) + 256;
    char *entry = malloc(size);
    snprintf(entry, size, "{\"date\":\"%s\",\"view\":{\"type\":\"text\",\"runs\":[{\"text\":\"%s\"}]}}",
             when, text);
    if (call->method == WK_METHOD_SNAPSHOT) {
        reply_text(call, WK_STATUS_OK, entry);
    } else {
        char *timeline = malloc(strlen(entry) + 64);
        sprintf(timeline, "{\"entries\":[%s],\"policy\":{\"type\":\"never\"}}", entry);
        reply_text(call, WK_STATUS_OK, timeline);
        free(timeline);
    }
    free(entry);
    free(text);
}

static int destroyed_now(void);

static void call(const wk_bundle *bundle, const wk_call *call) {
    (void)bundle;
    if (destroyed_now()) {
        reply_text(call, WK_STATUS_ERROR, "called after destroy");
        return;
    }
    const char *silent = getenv("FIXTURE_SILENT");
    if (silent != NULL && *silent != '\0') return;
#ifdef FIXTURE_BLOCKING_CALLS
    static int inside = 0;
    int together = 0;
    __atomic_add_fetch(&inside, 1, __ATOMIC_SEQ_CST);
    for (int waited = 0; waited < 2000 && !together; waited++) {
        together = __atomic_load_n(&inside, __ATOMIC_SEQ_CST) >= FIXTURE_BLOCKING_CALLS;
        struct timespec pause = {0, 1000 * 1000};
        if (!together) nanosleep(&pause, NULL);
    }
    if (!together) {
        reply_text(call, WK_STATUS_ERROR, "fewer calls inside call at once than expected");
        return;
    }
#endif
    if (kind_is(call, "Configurable")) {
        configurable(call, the_host->now(the_host));
        return;
    }
    if (call->method != WK_METHOD_PLACEHOLDER) {
        if (kind_is(call, "Segv")) crash();
        if (kind_is(call, "Abort")) abort();
        if (kind_is(call, "Exit")) exit(3);
        if (kind_is(call, "Hog")) {
            size_t size = (size_t)4 << 30;
            char *memory = malloc(size);
            if (memory == NULL) abort();
            memset(memory, 1, size);
            free(memory);
        }
    }
    double now = the_host->now(the_host);
    if (kind_is(call, "Once") && call->method == WK_METHOD_TIMELINE) {
        static int timelines = 0;
        if (__atomic_fetch_add(&timelines, 1, __ATOMIC_SEQ_CST) > 0) crash();
        char *entry = entry_json(now, "once");
        char next[32];
        format_date(now + 1, next, sizeof next);
        char *timeline = malloc(strlen(entry) + 128);
        sprintf(timeline, "{\"entries\":[%s],\"policy\":{\"type\":\"after\",\"date\":\"%s\"}}",
                entry, next);
        reply_text(call, WK_STATUS_OK, timeline);
        free(entry);
        free(timeline);
        return;
    }
    char *json = call->method == WK_METHOD_TIMELINE ? timeline_json(now) : entry_json(now, "placeholder");
    if (call->method < WK_METHOD_PLACEHOLDER || call->method > WK_METHOD_TIMELINE) {
        reply_text(call, WK_STATUS_UNSUPPORTED, "unknown method");
    } else if (kind_is(call, "Fail") && call->method != WK_METHOD_PLACEHOLDER) {
        reply_text(call, WK_STATUS_ERROR, "backend unreachable");
    } else if (kind_is(call, "Good") || kind_is(call, "Fail")) {
        reply_text(call, WK_STATUS_OK, json);
    } else if (kind_is(call, "Twice")) {
        reply_text(call, WK_STATUS_OK, json);
        reply_text(call, WK_STATUS_OK, json);
    } else if (kind_is(call, "Garbage")) {
        reply_text(call, WK_STATUS_OK, "{not json");
    } else if (kind_is(call, "Later")) {
        struct later *later = malloc(sizeof *later);
        later->ctx = call->reply_ctx;
        later->reply = call->reply;
        later->json = json;
        json = NULL;
        pthread_t thread;
        pthread_create(&thread, NULL, reply_later, later);
        pthread_detach(thread);
    } else if (kind_is(call, "Reloader")) {
        if (call->method == WK_METHOD_TIMELINE) the_host->reload_kind(the_host, "Good", 4);
        reply_text(call, WK_STATUS_OK, json);
    } else if (kind_is(call, "Never")) {
        /* The host must give up on its own. */
    } else if (kind_is(call, "Huge")) {
        size_t size = 20u << 20;
        char *huge = malloc(size);
        memset(huge, ' ', size);
        call->reply(call->reply_ctx, WK_STATUS_OK, huge, size);
        free(huge);
    } else if (kind_is(call, "Ancient") && call->method == WK_METHOD_TIMELINE) {
        char *old = entry_json(-315619200.0, "1960");
        char *timeline = malloc(strlen(old) + 64);
        sprintf(timeline, "{\"entries\":[%s],\"policy\":{\"type\":\"never\"}}", old);
        reply_text(call, WK_STATUS_OK, timeline);
        free(old);
        free(timeline);
    } else if (kind_is(call, "Many") && call->method == WK_METHOD_TIMELINE) {
        size_t count = 20000, used = 0, capacity = count * 128 + 64;
        char *timeline = malloc(capacity);
        used += (size_t)sprintf(timeline, "{\"entries\":[");
        for (size_t i = 0; i < count; i++) {
            char *one = entry_json(now + (double)i, "x");
            used += (size_t)sprintf(timeline + used, "%s%s", i ? "," : "", one);
            free(one);
        }
        sprintf(timeline + used, "],\"policy\":{\"type\":\"never\"}}");
        reply_text(call, WK_STATUS_OK, timeline);
        free(timeline);
    } else if (kind_is(call, "Ancient") || kind_is(call, "Many") || kind_is(call, "Segv") ||
               kind_is(call, "Abort") || kind_is(call, "Exit") || kind_is(call, "Hog") ||
               kind_is(call, "Once")) {
        reply_text(call, WK_STATUS_OK, json);
    } else if (kind_is(call, "Chatty")) {
        printf("chatty bundle output\n");
        fflush(stdout);
        reply_text(call, WK_STATUS_OK, json);
    } else {
        reply_text(call, WK_STATUS_INVALID, "unknown kind");
    }
    free(json);
}

#ifdef FIXTURE_COUNT_DESTROYS
/* Set by destroy, cleared by the entry point: a call in between is the host's bug. */
static int destroyed = 0;
#endif

static int destroyed_now(void) {
#ifdef FIXTURE_COUNT_DESTROYS
    return __atomic_load_n(&destroyed, __ATOMIC_SEQ_CST);
#else
    return 0;
#endif
}

static void destroy(const wk_bundle *bundle) {
    (void)bundle;
#ifdef FIXTURE_COUNT_DESTROYS
    __atomic_store_n(&destroyed, 1, __ATOMIC_SEQ_CST);
#endif
}

static const wk_bundle fixture = {
    .struct_size = FIXTURE_STRUCT_SIZE,
    .abi_version = {FIXTURE_MAJOR, FIXTURE_MINOR},
    .bundle_data = NULL,
    .describe = describe,
    .call = call,
    .destroy = destroy,
    .get_extension = NULL,
};

#ifndef FIXTURE_NO_ENTRY
WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host) {
    the_host = host;
#ifdef FIXTURE_COUNT_DESTROYS
    __atomic_store_n(&destroyed, 0, __ATOMIC_SEQ_CST);
#endif
#ifdef FIXTURE_HANG_ON_LOAD
    for (;;) pause();
#endif
#ifdef FIXTURE_CRASH_AFTER_LOAD
    pthread_t thread;
    pthread_create(&thread, NULL, crash_later, NULL);
    pthread_detach(thread);
#endif
#ifdef FIXTURE_REFUSE
    (void)fixture;
    return NULL;
#else
    const char *refuse = getenv("FIXTURE_REFUSE_LOAD");
    return refuse && *refuse ? NULL : &fixture;
#endif
}
#else
WK_EXPORT const wk_bundle *not_the_entry(void) { return &fixture; }
#endif
