/*
 * {{NAME}}.c: a widget bundle in plain C, made by `widget-host new --c`.
 *
 * One widget kind, "{{NAME}}", with the behaviour of Xcode's Widget Extension template:
 * a timeline of five entries an hour apart, starting now, each showing its time of day
 * (the host formats the date, as Text(entry.date, style: .time) does), reloaded at the end.
 *
 * Built against include/widget_abi.h alone (see widget-host's docs/abi.md), with no Swift
 * runtime and no JSON library. Every request is answered before `call` returns.
 */
#define _POSIX_C_SOURCE 200809L

#include "widget_abi.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#define KIND "{{NAME}}"
/* The text before the time. */
#define TITLE "Time:"
#define ENTRY_COUNT 5
#define ENTRY_STEP_SECONDS 3600.0

/* What `describe` returns; manifest.json declares the same kind and families. */
static const char description[] =
    "{\"kinds\":[{\"kind\":\"" KIND "\","
    "\"displayName\":\"My Widget\","
    "\"description\":\"This is an example widget.\","
    "\"families\":[{{FAMILIES_C}}],"
    "\"configuration\":{\"type\":\"static\"}}]}";

/* Set once in wk_bundle_entry, only read afterwards: safe to share between threads. */
static const wk_host *host;

static int32_t widget_describe(const wk_bundle *bundle, const char **json, size_t *len)
{
    (void)bundle;
    *json = description;
    *len = sizeof description - 1;
    return WK_STATUS_OK;
}

/* One entry dated `t`: TITLE, then the date as a time of day. Returns its length. */
static int format_entry(char *out, size_t size, double t)
{
    char date[32];
    time_t seconds = (time_t)t;
    struct tm tm;

    gmtime_r(&seconds, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return snprintf(out, size,
                    "{\"date\":\"%s\",\"view\":{\"type\":\"text\",\"runs\":["
                    "{\"text\":\"" TITLE " \"},{\"date\":\"%s\",\"style\":\"time\"}]}}",
                    date, date);
}

static void reply_text(const wk_call *call, int32_t status, const char *text)
{
    call->reply(call->reply_ctx, status, text, strlen(text));
}

static void widget_call(const wk_bundle *bundle, const wk_call *call)
{
    char entry[512];
    char timeline[ENTRY_COUNT * 512 + 64];
    double now;
    size_t used;
    int i;

    (void)bundle;
    if (call->kind_len != strlen(KIND) || memcmp(call->kind, KIND, call->kind_len) != 0) {
        reply_text(call, WK_STATUS_INVALID, "unknown kind");
        return;
    }
    now = host->now(host);
    switch (call->method) {
    case WK_METHOD_PLACEHOLDER:
    case WK_METHOD_SNAPSHOT:
        format_entry(entry, sizeof entry, now);
        reply_text(call, WK_STATUS_OK, entry);
        break;
    case WK_METHOD_TIMELINE:
        used = (size_t)snprintf(timeline, sizeof timeline, "{\"entries\":[");
        for (i = 0; i < ENTRY_COUNT; i++) {
            format_entry(entry, sizeof entry, now + i * ENTRY_STEP_SECONDS);
            used += (size_t)snprintf(timeline + used, sizeof timeline - used, "%s%s",
                                     i ? "," : "", entry);
        }
        snprintf(timeline + used, sizeof timeline - used, "],\"policy\":{\"type\":\"atEnd\"}}");
        reply_text(call, WK_STATUS_OK, timeline);
        break;
    default:
        reply_text(call, WK_STATUS_UNSUPPORTED, "unsupported method");
    }
}

static void widget_destroy(const wk_bundle *bundle)
{
    (void)bundle; /* nothing allocated */
}

static const void *widget_get_extension(const wk_bundle *bundle, const char *id)
{
    (void)bundle;
    (void)id;
    return NULL;
}

static const wk_bundle table = {
    sizeof(wk_bundle),
    {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR},
    NULL,
    widget_describe,
    widget_call,
    widget_destroy,
    widget_get_extension,
};

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *h)
{
    if (h->abi_version.major != WK_ABI_VERSION_MAJOR
        || h->struct_size < offsetof(wk_host, now) + sizeof h->now)
        return NULL;
    host = h;
    return &table;
}
