/*
 * A C bundle whose replies are faults a hostile bundle may send (FaultTests). One kind, Fault
 * (systemSmall, systemMedium). What it does is read from its environment when a call arrives,
 * so one library serves every test:
 *
 *   FAULT_VIEW     the view of its entries (JSON; default a text "fault"): a frame 1e308 wide,
 *                  a spacer of minLength 1e308, ...
 *   FAULT_VIEW_FILE  a file whose bytes are the view (for views too large for the environment)
 *   FAULT_GOOD_FILE  a file; while it exists, the view is the text "good" instead: a bundle
 *                  that behaved and then turned
 *   FAULT_PAD      a number of bytes: the entry carries a text of that many "x" (a large reply)
 *   FAULT_RELOAD   non-empty: every call asks the host to reload kind Fault before replying
 *   FAULT_BLOCK    non-empty: `call` does not return (against the ABI), for snapshot and
 *                  timeline, until the process's parent ends (a worker's host), and never replies
 *   FAULT_LOG      a number: every call logs that many lines of 200 bytes first
 *
 * It declares one C action, `fault_action(int64 mode)`: mode 0 returns WK_STATUS_OK, 1 aborts
 * the process (a crash), 2 blocks until the process's parent ends (past any deadline), any other
 * mode returns itself as the status.
 *
 * Every timeline has one entry dated host->now() and policy atEnd (the host asks again when it
 * ends, no sooner than its minimum interval).
 *
 * Built with `cc -shared -fPIC` against widget_abi.h alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "widget_abi.h"

static const wk_host *the_host;

static const char description[] =
    "{\"id\":\"dev.test.fault\","
    "\"kinds\":[{\"kind\":\"Fault\",\"families\":[\"systemSmall\",\"systemMedium\"]}],"
    "\"actions\":[{\"name\":\"fault_action\","
    "\"parameters\":[{\"name\":\"mode\",\"type\":\"int64\"}]}]}";

/* Until the process's parent ends (in a worker: the host; in-process, the host is this
 * process, and this is for ever), so that no worker outlives a test. */
static void block_until_the_parent_ends(void) {
    pid_t parent = getppid();
    while (getppid() == parent) {
        struct timespec pause = {0, 50 * 1000 * 1000};
        nanosleep(&pause, NULL);
    }
}

WK_EXPORT int32_t fault_action(int64_t mode);
WK_EXPORT int32_t fault_action(int64_t mode) {
    if (mode == 1) abort();
    if (mode == 2) block_until_the_parent_ends();
    return (int32_t)mode;
}

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = description;
    *len = strlen(description);
    return WK_STATUS_OK;
}

/* The contents of `path` (NUL terminated), or NULL. */
static char *read_file(const char *path) {
    FILE *file = fopen(path, "rb");
    if (file == NULL) return NULL;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *bytes = malloc((size_t)size + 1);
    size_t got = fread(bytes, 1, (size_t)size, file);
    bytes[got] = 0;
    fclose(file);
    return bytes;
}

/* The view this call shows, malloc'd. */
static char *the_view(void) {
    const char *good = getenv("FAULT_GOOD_FILE");
    if (good != NULL && *good && access(good, F_OK) == 0)
        return strdup("{\"type\":\"text\",\"runs\":[{\"text\":\"good\"}]}");
    const char *file = getenv("FAULT_VIEW_FILE");
    if (file != NULL && *file) {
        char *view = read_file(file);
        if (view != NULL) return view;
    }
    const char *pad = getenv("FAULT_PAD");
    if (pad != NULL && *pad) {
        size_t count = strtoul(pad, NULL, 10);
        const char *start = "{\"type\":\"text\",\"runs\":[{\"text\":\"";
        const char *end = "\"}]}";
        char *view = malloc(strlen(start) + count + strlen(end) + 1);
        strcpy(view, start);
        memset(view + strlen(start), 'x', count);
        strcpy(view + strlen(start) + count, end);
        return view;
    }
    const char *view = getenv("FAULT_VIEW");
    if (view != NULL && *view) return strdup(view);
    return strdup("{\"type\":\"text\",\"runs\":[{\"text\":\"fault\"}]}");
}

static void call(const wk_bundle *bundle, const wk_call *request) {
    (void)bundle;
    const char *log = getenv("FAULT_LOG");
    if (log != NULL && *log) {
        long lines = strtol(log, NULL, 10);
        char line[201];
        memset(line, 'l', 200);
        line[200] = 0;
        for (long i = 0; i < lines; i++) the_host->log(the_host, WK_LOG_WARNING, line, 200);
    }
    const char *block = getenv("FAULT_BLOCK");
    if (block != NULL && *block && request->method != WK_METHOD_PLACEHOLDER) {
        block_until_the_parent_ends();
        return;
    }
    const char *reload = getenv("FAULT_RELOAD");
    if (reload != NULL && *reload) the_host->reload_kind(the_host, "Fault", 5);

    char when[32];
    time_t whole = (time_t)the_host->now(the_host);
    struct tm tm;
    gmtime_r(&whole, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char *view = the_view();
    size_t size = strlen(view) + 256;
    char *json = malloc(size);
    int length;
    if (request->method == WK_METHOD_TIMELINE) {
        length = snprintf(json, size,
                          "{\"entries\":[{\"date\":\"%s\",\"view\":%s}],\"policy\":{\"type\":\"atEnd\"}}",
                          when, view);
    } else {
        length = snprintf(json, size, "{\"date\":\"%s\",\"view\":%s}", when, view);
    }
    request->reply(request->reply_ctx, WK_STATUS_OK, json, (size_t)length);
    free(json);
    free(view);
}

static void destroy(const wk_bundle *bundle) { (void)bundle; }

static const wk_bundle the_bundle = {
    .struct_size = sizeof(wk_bundle),
    .abi_version = {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR},
    .bundle_data = NULL,
    .describe = describe,
    .call = call,
    .destroy = destroy,
    .get_extension = NULL,
};

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host) {
    the_host = host;
    return &the_bundle;
}
