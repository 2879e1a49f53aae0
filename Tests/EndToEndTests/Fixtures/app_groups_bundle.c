/*
 * A C bundle that probes what App Groups a bundle gets (AppGroupTests). One kind, GroupProbe
 * (systemSmall); its description declares the App Group group.dev.test.declared. Each timeline
 * call:
 *
 *  - asks the host's wk.widget-center extension for the declared groups (app_groups),
 *  - reads $XDG_CONFIG_HOME/group.dev.test.declared.plist (the file Foundation's UserDefaults
 *    keeps the group in) and looks for the string "shared-value",
 *  - writes $XDG_CONFIG_HOME/group.dev.test.undeclared.plist, a group it does not declare,
 *  - asks for the current configurations (current_configurations) and, in that reply,
 *    answers with one entry whose text is
 *    "groups=<json> declared=<shared-value|missing> configs=<json>" (quotes shown as ').
 *
 * Built with `cc -shared -fPIC` against widget_abi.h alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "widget_abi.h"

static const wk_host *the_host;

static const char description[] =
    "{\"id\":\"dev.test.groupprobe\",\"appGroups\":[\"group.dev.test.declared\"],"
    "\"kinds\":[{\"kind\":\"GroupProbe\",\"families\":[\"systemSmall\"]}]}";

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = description;
    *len = strlen(description);
    return WK_STATUS_OK;
}

/* What a pending timeline call needs once the configurations arrive. */
typedef struct pending {
    wk_reply_fn reply;
    void *reply_ctx;
    double now;
    char text[2048];
} pending;

static void quotes_to_apostrophes(char *text) {
    for (; *text; text++)
        if (*text == '"') *text = '\'';
}

static void configurations_arrived(void *context, int32_t status, const char *data, size_t len) {
    pending *call = context;
    size_t used = strlen(call->text);
    if (status == WK_STATUS_OK) {
        snprintf(call->text + used, sizeof call->text - used, " configs=%.*s", (int)len, data);
    } else {
        snprintf(call->text + used, sizeof call->text - used, " configs=failed");
    }
    quotes_to_apostrophes(call->text);
    char when[32];
    time_t whole = (time_t)call->now;
    struct tm tm;
    gmtime_r(&whole, &tm);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", &tm);
    char json[4096];
    int length = snprintf(json, sizeof json,
                          "{\"entries\":[{\"date\":\"%s\",\"view\":{\"type\":\"text\",\"runs\":"
                          "[{\"text\":\"%s\"}]}}],\"policy\":{\"type\":\"never\"}}",
                          when, call->text);
    call->reply(call->reply_ctx, WK_STATUS_OK, json, (size_t)length);
    free(call);
}

static void call(const wk_bundle *bundle, const wk_call *request) {
    (void)bundle;
    double now = the_host->now(the_host);
    const wk_host_widget_center *center =
        the_host->get_extension(the_host, WK_HOST_EXTENSION_WIDGET_CENTER);
    if (center == NULL) {
        const char *message = "no wk.widget-center extension";
        request->reply(request->reply_ctx, WK_STATUS_ERROR, message, strlen(message));
        return;
    }
    pending *state = calloc(1, sizeof *state);
    state->reply = request->reply;
    state->reply_ctx = request->reply_ctx;
    state->now = now;

    const char *groups = NULL;
    size_t groups_len = 0;
    center->app_groups(the_host, &groups, &groups_len);

    const char *config = getenv("XDG_CONFIG_HOME");
    char path[1024];
    snprintf(path, sizeof path, "%s/group.dev.test.declared.plist", config ? config : "/nonexistent");
    char contents[4096] = "";
    FILE *file = fopen(path, "r");
    if (file) {
        size_t read = fread(contents, 1, sizeof contents - 1, file);
        contents[read] = 0;
        fclose(file);
    }
    snprintf(path, sizeof path, "%s/group.dev.test.undeclared.plist",
             config ? config : "/nonexistent");
    file = fopen(path, "w");
    if (file) {
        fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
              "<key>secret</key><string>kept private</string></dict></plist>\n",
              file);
        fclose(file);
    }
    snprintf(state->text, sizeof state->text, "groups=%.*s declared=%s", (int)groups_len, groups,
             strstr(contents, "shared-value") ? "shared-value" : "missing");
    center->current_configurations(the_host, state, configurations_arrived);
}

static void destroy(const wk_bundle *bundle) { (void)bundle; }

static const wk_bundle probe = {
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
    return &probe;
}
