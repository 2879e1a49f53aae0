/*
 * hot_reload_bundle.c: a small bundle for the `run --watch` tests, rebuilt with other -D
 * definitions to play a new version:
 *   HOT_KIND   its one kind (default "Hot"), supporting systemSmall
 *   HOT_TEXT   the text of every entry (default "first")
 *   HOT_ACTIVITY  a Live Activity type it draws too (default none): its banner is HOT_TEXT
 * The timeline has three entries a second apart from the host's clock, policy atEnd, so a host
 * run with --min-reload-interval 0 asks again every two seconds: entries keep coming.
 */
#define _POSIX_C_SOURCE 200809L
#include "widget_abi.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

#ifndef HOT_KIND
#define HOT_KIND "Hot"
#endif
#ifndef HOT_TEXT
#define HOT_TEXT "first"
#endif

#ifdef HOT_ACTIVITY
#define HOT_ACTIVITIES ",\"activities\":[{\"attributesType\":\"" HOT_ACTIVITY "\"}]"
#else
#define HOT_ACTIVITIES ""
#endif

static const char description[] =
    "{\"kinds\":[{\"kind\":\"" HOT_KIND "\",\"families\":[\"systemSmall\"]}]" HOT_ACTIVITIES "}";

static const char activity_views[] =
    "{\"lockScreen\":{\"type\":\"text\",\"runs\":[{\"text\":\"" HOT_TEXT "\"}]}}";

static const wk_host *host;

static int32_t hot_describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = description;
    *len = sizeof description - 1;
    return WK_STATUS_OK;
}

static int format_entry(char *out, size_t size, double t) {
    char date[32];
    time_t seconds = (time_t)t;
    struct tm tm;
    gmtime_r(&seconds, &tm);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return snprintf(out, size,
                    "{\"date\":\"%s\",\"view\":{\"type\":\"text\",\"runs\":[{\"text\":\"" HOT_TEXT
                    "\"}]}}",
                    date);
}

static void hot_call(const wk_bundle *bundle, const wk_call *call) {
    char entry[256], timeline[1024];
    size_t used;
    int i;
    double now = host->now(host);

    (void)bundle;
    if (call->method == WK_METHOD_TIMELINE) {
        used = (size_t)snprintf(timeline, sizeof timeline, "{\"entries\":[");
        for (i = 0; i < 3; i++) {
            format_entry(entry, sizeof entry, now + i);
            used += (size_t)snprintf(timeline + used, sizeof timeline - used, "%s%s",
                                     i ? "," : "", entry);
        }
        used += (size_t)snprintf(timeline + used, sizeof timeline - used,
                                 "],\"policy\":{\"type\":\"atEnd\"}}");
        call->reply(call->reply_ctx, WK_STATUS_OK, timeline, used);
    } else if (call->method == WK_METHOD_ACTIVITY) {
        call->reply(call->reply_ctx, WK_STATUS_OK, activity_views, sizeof activity_views - 1);
    } else {
        format_entry(entry, sizeof entry, now);
        call->reply(call->reply_ctx, WK_STATUS_OK, entry, strlen(entry));
    }
}

static void hot_destroy(const wk_bundle *bundle) { (void)bundle; }

static const void *hot_get_extension(const wk_bundle *bundle, const char *id) {
    (void)bundle;
    (void)id;
    return NULL;
}

static const wk_bundle table = {
    sizeof(wk_bundle), {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR}, NULL, hot_describe,
    hot_call,          hot_destroy,                                  hot_get_extension,
};

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *h) {
    host = h;
    return &table;
}
