/*
 * action_bundle.c: a bundle whose C actions record the arguments they were called with, for
 * NativeActionTests. Its one kind, `Actions`, shows the last call (timeline), so a test sees what
 * a press passed. An action the description does not declare reaches `call` as
 * WK_METHOD_PERFORM, which the bundle records too.
 *
 * -DMISSING_SYMBOL declares an action the library does not export.
 */
#define _POSIX_C_SOURCE 200809L

#include "widget_abi.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char last[512] = "none";

static void record(const char *text)
{
    pthread_mutex_lock(&lock);
    snprintf(last, sizeof last, "%s", text);
    pthread_mutex_unlock(&lock);
}

WK_EXPORT int32_t act_all(const char *s, int64_t i, double d, bool b);
WK_EXPORT int32_t act_all(const char *s, int64_t i, double d, bool b)
{
    char text[400];
    snprintf(text, sizeof text, "all %s|%" PRId64 "|%g|%d", s, i, d, b ? 1 : 0);
    record(text);
    return WK_STATUS_OK;
}

WK_EXPORT int32_t act_fail(void);
WK_EXPORT int32_t act_fail(void)
{
    record("fail");
    return 3;
}

WK_EXPORT void act_void(int64_t n);
WK_EXPORT void act_void(int64_t n)
{
    char text[64];
    snprintf(text, sizeof text, "void %" PRId64, n);
    record(text);
}

static const char description[] =
    "{\"kinds\":[{\"kind\":\"Actions\",\"families\":[\"systemSmall\"]}],\"actions\":["
    "{\"name\":\"act_all\",\"parameters\":[{\"name\":\"s\",\"type\":\"string\"},"
    "{\"name\":\"i\",\"type\":\"int64\"},{\"name\":\"d\",\"type\":\"double\"},"
    "{\"name\":\"b\",\"type\":\"bool\"}]},"
    "{\"name\":\"act_fail\"},"
#ifdef MISSING_SYMBOL
    "{\"name\":\"act_gone\"},"
#endif
    "{\"name\":\"act_void\",\"parameters\":[{\"name\":\"n\",\"type\":\"int64\"}],"
    "\"returns\":\"void\"}]}";

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len)
{
    (void)bundle;
    *json = description;
    *len = sizeof description - 1;
    return WK_STATUS_OK;
}

static void call(const wk_bundle *bundle, const wk_call *call)
{
    char reply[700];
    int n;

    (void)bundle;
    if (call->method == WK_METHOD_PERFORM) {
        /* The context as it came, its quotes made single: the test checks the action is in it. */
        n = snprintf(reply, sizeof reply, "perform %.*s", (int)call->context_len,
                     call->context_json);
        for (int i = 0; i < n && i < (int)sizeof reply; i++)
            if (reply[i] == '"')
                reply[i] = '\'';
        record(reply);
        call->reply(call->reply_ctx, WK_STATUS_OK, NULL, 0);
        return;
    }
    pthread_mutex_lock(&lock);
    n = snprintf(reply, sizeof reply,
                 "{\"entries\":[{\"date\":\"2026-12-03T08:00:00Z\",\"view\":{\"type\":\"text\","
                 "\"runs\":[{\"text\":\"%s\"}]}}],\"policy\":{\"type\":\"never\"}}",
                 last);
    pthread_mutex_unlock(&lock);
    call->reply(call->reply_ctx, WK_STATUS_OK, reply, (size_t)n);
}

static void destroy(const wk_bundle *bundle) { (void)bundle; }

static wk_bundle table = {sizeof(wk_bundle), {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR},
                          NULL, describe, call, destroy, NULL};

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host)
{
    (void)host;
    return &table;
}
