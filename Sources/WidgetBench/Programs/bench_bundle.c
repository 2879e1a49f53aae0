/* The widget-bench bundle (Sources/WidgetBench/Support/BenchBundle.swift says what it does).
   widget-bench builds it with: cc -O2 -shared -fPIC -std=c11 -Wall -Wextra -Werror
   -I Sources/CWidgetABI/include -DBENCH_KINDS=N -DBENCH_PREFIX='"Name"' [-DBENCH_IDLE]. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "widget_abi.h"

static const wk_host *the_host;
static char *description;

static void format_date(double seconds, char *out, size_t size) {
    time_t whole = (time_t)seconds;
    struct tm tm;
    gmtime_r(&whole, &tm);
    strftime(out, size, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int entry_json(char *out, size_t size, double date, const char *kind, int value) {
    char when[32], clock[16];
    format_date(date, when, sizeof when);
    time_t whole = (time_t)date;
    struct tm tm;
    gmtime_r(&whole, &tm);
    strftime(clock, sizeof clock, "%H:%M", &tm);
    return snprintf(out, size,
        "{\"date\":\"%s\",\"view\":{\"type\":\"padding\",\"top\":8,\"leading\":8,\"bottom\":8,"
        "\"trailing\":8,\"child\":{\"type\":\"vstack\",\"alignment\":\"leading\",\"children\":["
        "{\"type\":\"style\",\"font\":{\"textStyle\":\"headline\"},\"child\":{\"type\":\"text\","
        "\"runs\":[{\"text\":\"%s\"}]}},"
        "{\"type\":\"text\",\"runs\":[{\"text\":\"load %d.%02d\"}]},"
        "{\"type\":\"text\",\"runs\":[{\"text\":\"updated %s\"}]}]}}}",
        when, kind, value / 100, value % 100, clock);
}

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = description;
    *len = strlen(description);
    return WK_STATUS_OK;
}

static void reply(const wk_call *call, int32_t status, const char *text) {
    call->reply(call->reply_ctx, status, text, strlen(text));
}

static void call(const wk_bundle *bundle, const wk_call *call) {
    (void)bundle;
    char kind[64];
    size_t length = call->kind_len < sizeof kind - 1 ? call->kind_len : sizeof kind - 1;
    memcpy(kind, call->kind, length);
    kind[length] = 0;
    int number = atoi(kind + strlen(BENCH_PREFIX));
    double now = the_host->now(the_host);
    int value = (int)((long long)now % 400) + number;
    char json[4096];
    if (call->method == WK_METHOD_PLACEHOLDER || call->method == WK_METHOD_SNAPSHOT) {
        entry_json(json, sizeof json, now, kind, value);
        reply(call, WK_STATUS_OK, json);
        return;
    }
    if (call->method != WK_METHOD_TIMELINE) {
        reply(call, WK_STATUS_UNSUPPORTED, "unknown method");
        return;
    }
#ifdef BENCH_IDLE
    int policy = -1; /* one entry, reload in two hours */
#else
    int policy = number % 8;
#endif
    int count = policy < 0 ? 1 : policy <= 1 ? 4 : policy == 6 ? 2 : 1;
    double spacing = policy <= 1 ? 1800 : 300;
    size_t used = (size_t)snprintf(json, sizeof json, "{\"entries\":[");
    for (int i = 0; i < count; i++) {
        if (i) json[used++] = ',';
        used += (size_t)entry_json(json + used, sizeof json - used, now + spacing * i, kind,
                                   value + i);
    }
    char next[32];
    switch (policy) {
    case 0:
    case 1: snprintf(json + used, sizeof json - used, "],\"policy\":{\"type\":\"atEnd\"}}"); break;
    case 4:
    case 5: snprintf(json + used, sizeof json - used, "],\"policy\":{\"type\":\"never\"}}"); break;
    default:
        format_date(now + (policy < 0 ? 7200 : policy <= 3 ? 3600 : policy == 6 ? 600 : 900),
                    next, sizeof next);
        snprintf(json + used, sizeof json - used,
                 "],\"policy\":{\"type\":\"after\",\"date\":\"%s\"}}", next);
    }
    reply(call, WK_STATUS_OK, json);
}

static void destroy(const wk_bundle *bundle) { (void)bundle; }

static const wk_bundle bench = {
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
    if (description == NULL) {
        static const char *kind_format =
            "%s{\"kind\":\"%s%d\",\"families\":[\"systemSmall\",\"systemMedium\","
            "\"systemLarge\",\"accessoryRectangular\"]}";
        size_t size = 128 + (size_t)BENCH_KINDS * 160, used = 0;
        description = malloc(size);
        used += (size_t)snprintf(description, size, "{\"name\":\"%s\",\"kinds\":[", BENCH_PREFIX);
        for (int i = 0; i < BENCH_KINDS; i++)
            used += (size_t)snprintf(description + used, size - used, kind_format, i ? "," : "",
                                     BENCH_PREFIX, i);
        snprintf(description + used, size - used, "]}");
    }
    return &bench;
}
