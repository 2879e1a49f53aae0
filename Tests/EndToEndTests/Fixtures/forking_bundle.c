/*
 * A C fault bundle that forks (ProcessLifetimeTests). One kind, Forker (systemSmall). Its first
 * timeline call forks a child and writes "<child pid> <worker pid>\n" to $FORK_PID_FILE; the
 * child execs `/bin/sleep 600` when FORK_EXEC is set, else sleeps 600 s as a plain fork, holding
 * every descriptor of the worker but 0-2 (/dev/null in the child). Then, by $FORK_MODE:
 *
 *  - crash: the worker aborts (SIGABRT) while the child lives on;
 *  - hang:  the call never returns (a hung worker);
 *  - anything else: an entry "forked" and a `never` policy.
 *
 * Built with `cc -shared -fPIC` against widget_abi.h alone.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>

#include "widget_abi.h"

static const char description[] =
    "{\"id\":\"dev.test.forker\",\"kinds\":[{\"kind\":\"Forker\",\"families\":[\"systemSmall\"]}]}";

static int32_t describe(const wk_bundle *bundle, const char **json, size_t *len) {
    (void)bundle;
    *json = description;
    *len = strlen(description);
    return WK_STATUS_OK;
}

static int forked;

static void call(const wk_bundle *bundle, const wk_call *request) {
    (void)bundle;
    if (request->method != WK_METHOD_TIMELINE) {
        static const char placeholder[] =
            "{\"date\":\"2026-01-01T00:00:00Z\",\"view\":{\"type\":\"text\",\"runs\":"
            "[{\"text\":\"placeholder\"}]}}";
        request->reply(request->reply_ctx, WK_STATUS_OK, placeholder, strlen(placeholder));
        return;
    }
    const char *mode = getenv("FORK_MODE");
    if (!forked) {
        forked = 1;
        pid_t child = fork();
        if (child == 0) {
            /* Only the worker's other descriptors stay: the host's pipes are not held. */
            int null = open("/dev/null", O_RDWR);
            for (int fd = 0; fd <= 2; fd++) dup2(null, fd);
            if (null > 2) close(null);
            if (getenv("FORK_EXEC")) execl("/bin/sleep", "sleep", "600", (char *)NULL);
            for (int i = 0; i < 600; i++) sleep(1);
            _exit(0);
        }
        const char *path = getenv("FORK_PID_FILE");
        if (path) {
            char temporary[1024];
            snprintf(temporary, sizeof temporary, "%s.tmp", path);
            FILE *file = fopen(temporary, "w");
            if (file) {
                fprintf(file, "%d %d\n", (int)child, (int)getpid());
                fclose(file);
                rename(temporary, path);
            }
        }
    }
    if (mode && strcmp(mode, "crash") == 0) abort();
    if (mode && strcmp(mode, "hang") == 0) {
        for (;;) sleep(1);
    }
    char json[512];
    int length = snprintf(json, sizeof json,
                          "{\"entries\":[{\"date\":\"2026-01-01T00:00:00Z\",\"view\":{\"type\":"
                          "\"text\",\"runs\":[{\"text\":\"forked\"}]}}],\"policy\":{\"type\":"
                          "\"never\"}}");
    request->reply(request->reply_ctx, WK_STATUS_OK, json, (size_t)length);
}

static void destroy(const wk_bundle *bundle) { (void)bundle; }

static const wk_bundle forker = {
    .struct_size = sizeof(wk_bundle),
    .abi_version = {WK_ABI_VERSION_MAJOR, WK_ABI_VERSION_MINOR},
    .bundle_data = NULL,
    .describe = describe,
    .call = call,
    .destroy = destroy,
    .get_extension = NULL,
};

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host) {
    (void)host;
    return &forker;
}
