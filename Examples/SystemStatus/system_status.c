/*
 * system_status.c: a widget bundle in plain C.
 *
 * One widget kind, `SystemStatus`, showing uptime, load averages, memory use and (when the machine
 * has one) the battery level, for the systemSmall, systemMedium, accessoryRectangular and
 * accessoryInline families.
 *
 * It is built against widget_abi.h alone, with no Swift runtime and no JSON library:
 *
 *     cc -std=c11 -Wall -Wextra -Werror -pedantic -O2 -fPIC -shared \
 *        -I ../../Sources/CWidgetABI/include -o libSystemStatus.so system_status.c
 *
 * Every request is answered synchronously, before `call` returns. The bundle keeps no mutable
 * global state: the only allocation that outlives a call is the bundle table, made in
 * `wk_bundle_entry` and freed in `destroy`.
 */
#define _POSIX_C_SOURCE 200809L

#include "widget_abi.h"

#include <dirent.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Where batteries are looked for. Overridable at compile time so tests can supply a fake one. */
#ifndef SYSTEM_STATUS_POWER_SUPPLY_DIR
#define SYSTEM_STATUS_POWER_SUPPLY_DIR "/sys/class/power_supply"
#endif

#define KIND "SystemStatus"
#define TIMELINE_ENTRIES 12
#define TIMELINE_STEP_SECONDS 5.0
#define LINE_MAX_BYTES 128 /* larger than any line built from the fields of status_text */

/* What `describe` returns. The same kind is declared in manifest.json. */
static const char description_json[] =
    "{\"id\":\"dev.widget-host.examples.system-status\","
    "\"name\":\"System Status\","
    "\"version\":\"1.0.0\","
    "\"kinds\":[{\"kind\":\"" KIND "\","
    "\"displayName\":\"System Status\","
    "\"description\":\"Uptime, load, memory and battery of this machine.\","
    "\"families\":[\"systemSmall\",\"systemMedium\",\"accessoryRectangular\",\"accessoryInline\"],"
    "\"configuration\":{\"type\":\"static\"}}]}";

/* ------------------------------------------------------------------------------------------ */
/* A growable string buffer. Allocation failure is sticky: later appends do nothing and the    */
/* caller replies with an error instead of the payload.                                        */

typedef struct sbuf {
    char *data;
    size_t len;
    size_t cap;
    int failed;
} sbuf;

static int sb_reserve(sbuf *b, size_t extra)
{
    size_t need;
    size_t cap;
    char *data;

    if (b->failed)
        return 0;
    if (extra > (size_t)-1 - b->len - 1) {
        b->failed = 1;
        return 0;
    }
    need = b->len + extra + 1; /* keep room for a terminating NUL */
    if (need <= b->cap)
        return 1;
    cap = b->cap ? b->cap : 512;
    while (cap < need) {
        if (cap > (size_t)-1 / 2) {
            cap = need;
            break;
        }
        cap *= 2;
    }
    data = realloc(b->data, cap);
    if (!data) {
        b->failed = 1;
        return 0;
    }
    b->data = data;
    b->cap = cap;
    return 1;
}

static void sb_append(sbuf *b, const char *s, size_t n)
{
    if (!sb_reserve(b, n))
        return;
    memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *s)
{
    sb_append(b, s, strlen(s));
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 2, 3)))
#endif
static void sb_printf(sbuf *b, const char *format, ...)
{
    va_list args;
    int n;

    if (b->failed)
        return;
    va_start(args, format);
    n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    if (n < 0) {
        b->failed = 1;
        return;
    }
    if (!sb_reserve(b, (size_t)n))
        return;
    va_start(args, format);
    vsnprintf(b->data + b->len, (size_t)n + 1, format, args);
    va_end(args);
    b->len += (size_t)n;
}

/* Appends `s` (`n` bytes of UTF-8) as a JSON string literal, quotes included. */
static void sb_json_string(sbuf *b, const char *s, size_t n)
{
    static const char hex[] = "0123456789abcdef";
    size_t i;

    sb_append(b, "\"", 1);
    for (i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        switch (c) {
        case '"': sb_append(b, "\\\"", 2); break;
        case '\\': sb_append(b, "\\\\", 2); break;
        case '\n': sb_append(b, "\\n", 2); break;
        case '\r': sb_append(b, "\\r", 2); break;
        case '\t': sb_append(b, "\\t", 2); break;
        default:
            if (c < 0x20 || c == 0x7f) {
                char escape[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf]};
                sb_append(b, escape, sizeof escape);
            } else {
                sb_append(b, (const char *)&s[i], 1);
            }
        }
    }
    sb_append(b, "\"", 1);
}

/* ------------------------------------------------------------------------------------------ */
/* Dates                                                                                       */

/* Formats `t` (seconds since the epoch, host clock) as RFC 3339 in UTC, with milliseconds only
 * when they are not zero: "2026-11-30T04:07:41Z", "2026-11-30T04:07:41.250Z". */
static void format_date(double t, char out[40])
{
    long long millis;
    time_t seconds;
    int fraction;
    struct tm tm;
    size_t n;

    /* Keep to years 1970...9999 so that gmtime_r and the four-digit year never fail. */
    if (!isfinite(t) || t < 0)
        t = 0;
    if (t > 253402300799.0)
        t = 253402300799.0;
    millis = (long long)(t * 1000.0 + 0.5);
    seconds = (time_t)(millis / 1000);
    fraction = (int)(millis % 1000);
    if (!gmtime_r(&seconds, &tm)) {
        strcpy(out, "1970-01-01T00:00:00Z");
        return;
    }
    n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    if (fraction != 0)
        snprintf(out + n, 40 - n, ".%03dZ", fraction);
    else
        snprintf(out + n, 40 - n, "Z");
}

/* ------------------------------------------------------------------------------------------ */
/* Reading the system                                                                          */

typedef struct sys_stats {
    int has_uptime;
    double uptime; /* seconds */
    int has_load;
    double load[3]; /* 1, 5 and 15 minute load averages */
    int has_memory;
    unsigned long long mem_total_kib;
    unsigned long long mem_used_kib;
    int has_battery;
    int battery_percent;
} sys_stats;

static FILE *open_read(const char *path)
{
    return fopen(path, "re"); /* "e": close on exec, in case the host forks */
}

static void read_uptime(sys_stats *s)
{
    FILE *f = open_read("/proc/uptime");
    if (!f)
        return;
    if (fscanf(f, "%lf", &s->uptime) == 1 && s->uptime >= 0)
        s->has_uptime = 1;
    fclose(f);
}

static void read_load(sys_stats *s)
{
    FILE *f = open_read("/proc/loadavg");
    if (!f)
        return;
    if (fscanf(f, "%lf %lf %lf", &s->load[0], &s->load[1], &s->load[2]) == 3)
        s->has_load = 1;
    fclose(f);
}

static void read_memory(sys_stats *s)
{
    char line[256];
    unsigned long long value;
    unsigned long long total = 0, available = 0, free_kib = 0;
    int has_total = 0, has_available = 0, has_free = 0;
    FILE *f = open_read("/proc/meminfo");

    if (!f)
        return;
    while (fgets(line, sizeof line, f)) {
        if (sscanf(line, "MemTotal: %llu", &value) == 1) {
            total = value;
            has_total = 1;
        } else if (sscanf(line, "MemAvailable: %llu", &value) == 1) {
            available = value;
            has_available = 1;
        } else if (sscanf(line, "MemFree: %llu", &value) == 1) {
            free_kib = value;
            has_free = 1;
        }
    }
    fclose(f);
    if (!has_total || total == 0)
        return;
    if (!has_available) { /* kernels before 3.14 */
        if (!has_free)
            return;
        available = free_kib;
    }
    if (available > total)
        available = total;
    s->mem_total_kib = total;
    s->mem_used_kib = total - available;
    s->has_memory = 1;
}

/* Reads the capacity of the first battery (in name order: BAT0 before BAT1), if any. */
static void read_battery(sys_stats *s)
{
    char best[256] = "";
    char path[512];
    struct dirent *entry;
    DIR *dir = opendir(SYSTEM_STATUS_POWER_SUPPLY_DIR);
    FILE *f;
    int percent;

    if (!dir)
        return;
    while ((entry = readdir(dir)) != NULL) {
        if (strncmp(entry->d_name, "BAT", 3) != 0 || strlen(entry->d_name) >= sizeof best)
            continue;
        if (best[0] == '\0' || strcmp(entry->d_name, best) < 0)
            strcpy(best, entry->d_name);
    }
    closedir(dir);
    if (best[0] == '\0')
        return;
    if ((size_t)snprintf(path, sizeof path, "%s/%s/capacity", SYSTEM_STATUS_POWER_SUPPLY_DIR, best)
        >= sizeof path)
        return;
    f = open_read(path);
    if (!f)
        return;
    if (fscanf(f, "%d", &percent) == 1) {
        s->battery_percent = percent < 0 ? 0 : percent > 100 ? 100 : percent;
        s->has_battery = 1;
    }
    fclose(f);
}

static void read_stats(sys_stats *s)
{
    memset(s, 0, sizeof *s);
    read_uptime(s);
    read_load(s);
    read_memory(s);
    read_battery(s);
}

/* ------------------------------------------------------------------------------------------ */
/* Text                                                                                        */

/* The values as short strings; "--" for what is unknown (and for the placeholder). */
typedef struct status_text {
    char uptime_short[48]; /* "3d 4h", "4h 12m", "12m 5s", "5s" */
    char uptime_long[48];  /* "3d 04:12:35", "04:12:35" */
    char load[3][16];      /* "0.42", "12.3", "123" */
    char memory[48];       /* "3.2/15.6 GiB" */
    char memory_percent[8]; /* "21%" */
    int has_battery;
    char battery[8]; /* "87%" */
} status_text;

static void format_uptime(double uptime, status_text *t)
{
    unsigned long long total = (unsigned long long)uptime;
    unsigned long long days = total / 86400;
    unsigned hours = (unsigned)(total / 3600 % 24);
    unsigned minutes = (unsigned)(total / 60 % 60);
    unsigned seconds = (unsigned)(total % 60);

    if (days > 0)
        snprintf(t->uptime_short, sizeof t->uptime_short, "%llud %uh", days, hours);
    else if (hours > 0)
        snprintf(t->uptime_short, sizeof t->uptime_short, "%uh %um", hours, minutes);
    else if (minutes > 0)
        snprintf(t->uptime_short, sizeof t->uptime_short, "%um %us", minutes, seconds);
    else
        snprintf(t->uptime_short, sizeof t->uptime_short, "%us", seconds);

    if (days > 0)
        snprintf(t->uptime_long, sizeof t->uptime_long, "%llud %02u:%02u:%02u", days, hours,
                 minutes, seconds);
    else
        snprintf(t->uptime_long, sizeof t->uptime_long, "%02u:%02u:%02u", hours, minutes, seconds);
}

/* At most four characters for any load below 10000. */
static void format_load(double load, char out[16])
{
    if (!isfinite(load) || load < 0)
        snprintf(out, 16, "--");
    else if (load < 9.995)
        snprintf(out, 16, "%.2f", load);
    else if (load < 99.95)
        snprintf(out, 16, "%.1f", load);
    else
        snprintf(out, 16, "%.0f", load);
}

/* One decimal below 100 units, none above. */
static void format_amount(double value, char out[16])
{
    if (value < 99.95)
        snprintf(out, 16, "%.1f", value);
    else
        snprintf(out, 16, "%.0f", value);
}

static void make_text(const sys_stats *s, double uptime_offset, status_text *t)
{
    int i;

    memset(t, 0, sizeof *t);
    if (s && s->has_uptime) {
        format_uptime(s->uptime + uptime_offset, t);
    } else {
        strcpy(t->uptime_short, "--");
        strcpy(t->uptime_long, "--:--:--");
    }
    for (i = 0; i < 3; i++) {
        if (s && s->has_load)
            format_load(s->load[i], t->load[i]);
        else
            strcpy(t->load[i], "--");
    }
    if (s && s->has_memory) {
        /* GiB, or MiB for machines with less than 1 GiB. */
        int gib = s->mem_total_kib >= 1024ULL * 1024ULL;
        double unit = gib ? 1024.0 * 1024.0 : 1024.0;
        char used[16], total[16];
        format_amount((double)s->mem_used_kib / unit, used);
        format_amount((double)s->mem_total_kib / unit, total);
        snprintf(t->memory, sizeof t->memory, "%s/%s %s", used, total, gib ? "GiB" : "MiB");
        snprintf(t->memory_percent, sizeof t->memory_percent, "%d%%",
                 (int)((double)s->mem_used_kib * 100.0 / (double)s->mem_total_kib + 0.5));
    } else {
        strcpy(t->memory, "--/-- GiB");
        strcpy(t->memory_percent, "--%");
    }
    if (s && s->has_battery) {
        t->has_battery = 1;
        snprintf(t->battery, sizeof t->battery, "%d%%", s->battery_percent);
    }
}

/* ------------------------------------------------------------------------------------------ */
/* View trees                                                                                  */

typedef enum family {
    FAMILY_SMALL,
    FAMILY_MEDIUM,
    FAMILY_RECTANGULAR,
    FAMILY_INLINE
} family;

static const struct {
    const char *name;
    family value;
} families[] = {
    {"systemSmall", FAMILY_SMALL},
    {"systemMedium", FAMILY_MEDIUM},
    {"accessoryRectangular", FAMILY_RECTANGULAR},
    {"accessoryInline", FAMILY_INLINE},
};

#define FAMILY_COUNT (sizeof families / sizeof families[0])

static void emit_text(sbuf *b, const char *text)
{
    sb_puts(b, "{\"type\":\"text\",\"runs\":[{\"text\":");
    sb_json_string(b, text, strlen(text));
    sb_puts(b, "}]}");
}

/* A leading-aligned VStack of one text node per line. */
static void emit_lines(sbuf *b, char lines[][LINE_MAX_BYTES], int count)
{
    int i;

    sb_puts(b, "{\"type\":\"vstack\",\"alignment\":\"leading\",\"spacing\":0,\"children\":[");
    for (i = 0; i < count; i++) {
        if (i > 0)
            sb_puts(b, ",");
        emit_text(b, lines[i]);
    }
    sb_puts(b, "]}");
}

/* The view for one family. Widths: inline 32 columns, small and rectangular 21, medium 45. */
static void emit_view(sbuf *b, family f, const status_text *t)
{
    char lines[5][LINE_MAX_BYTES];
    int n = 0;

    switch (f) {
    case FAMILY_INLINE:
        /* "up 3d 4h · load 0.42 · 87%" (U+00B7 MIDDLE DOT, one column) */
        if (t->has_battery)
            snprintf(lines[0], sizeof lines[0], "up %s \xc2\xb7 load %s \xc2\xb7 %s",
                     t->uptime_short, t->load[0], t->battery);
        else
            snprintf(lines[0], sizeof lines[0], "up %s \xc2\xb7 load %s", t->uptime_short,
                     t->load[0]);
        emit_text(b, lines[0]);
        break;

    case FAMILY_RECTANGULAR:
        /* Three lines; with a battery the 5 and 15 minute loads make room for it. */
        snprintf(lines[n++], sizeof lines[0], "up %s", t->uptime_short);
        if (t->has_battery)
            snprintf(lines[n++], sizeof lines[0], "load %s \xc2\xb7 bat %s", t->load[0],
                     t->battery);
        else
            snprintf(lines[n++], sizeof lines[0], "load %s %s %s", t->load[0], t->load[1],
                     t->load[2]);
        snprintf(lines[n++], sizeof lines[0], "mem %s", t->memory);
        emit_lines(b, lines, n);
        break;

    case FAMILY_SMALL:
        snprintf(lines[n++], sizeof lines[0], "System Status");
        snprintf(lines[n++], sizeof lines[0], "up   %s", t->uptime_short);
        snprintf(lines[n++], sizeof lines[0], "load %s %s %s", t->load[0], t->load[1],
                 t->load[2]);
        snprintf(lines[n++], sizeof lines[0], "mem  %s", t->memory);
        if (t->has_battery)
            snprintf(lines[n++], sizeof lines[0], "bat  %s", t->battery);
        emit_lines(b, lines, n);
        break;

    case FAMILY_MEDIUM: {
        char right[3][LINE_MAX_BYTES];
        int m = 0;

        snprintf(lines[n++], sizeof lines[0], "System Status");
        snprintf(lines[n++], sizeof lines[0], "up %s", t->uptime_long);
        if (t->has_battery)
            snprintf(lines[n++], sizeof lines[0], "battery %s", t->battery);
        snprintf(right[m++], sizeof right[0], "load %s %s %s", t->load[0], t->load[1],
                 t->load[2]);
        snprintf(right[m++], sizeof right[0], "mem  %s", t->memory);
        snprintf(right[m++], sizeof right[0], "used %s", t->memory_percent);

        sb_puts(b, "{\"type\":\"hstack\",\"alignment\":\"top\",\"spacing\":0,\"children\":[");
        emit_lines(b, lines, n);
        sb_puts(b, ",{\"type\":\"spacer\"},");
        emit_lines(b, right, m);
        sb_puts(b, "]}");
        break;
    }
    }
}

/* Appends one Entry: {"date":…,"view":…}. */
static void emit_entry(sbuf *b, double date, family f, const status_text *t)
{
    char text[40];

    format_date(date, text);
    sb_puts(b, "{\"date\":");
    sb_json_string(b, text, strlen(text));
    sb_puts(b, ",\"view\":");
    emit_view(b, f, t);
    sb_puts(b, "}");
}

/* ------------------------------------------------------------------------------------------ */
/* The context                                                                                 */

static size_t skip_space(const char *s, size_t len, size_t i)
{
    while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
        i++;
    return i;
}

/* Skips the string literal whose opening quote is at s[i]; returns the index just past its
 * closing quote, or 0 when it is unterminated. */
static size_t skip_string(const char *s, size_t len, size_t i)
{
    for (i++; i < len; i++) {
        if (s[i] == '\\')
            i++;
        else if (s[i] == '"')
            return i + 1;
    }
    return 0;
}

/* Finds the string value of the top-level member "family" in the context object. Not a JSON
 * validator: it skips strings and nested values correctly and looks at nothing else. On success
 * points *value at the raw characters between the quotes. */
static int find_family(const char *s, size_t len, const char **value, size_t *value_len)
{
    size_t i = skip_space(s, len, 0);
    int depth = 0;
    int expect_key = 0;

    if (!s || i >= len || s[i] != '{')
        return 0;
    while (i < len) {
        char c = s[i];
        if (c == '"') {
            size_t start = i + 1;
            size_t end = skip_string(s, len, i);
            if (end == 0)
                return 0;
            i = end;
            if (depth == 1 && expect_key) {
                expect_key = 0;
                i = skip_space(s, len, i);
                if (i < len && s[i] == ':' && end - 1 - start == 6
                    && memcmp(s + start, "family", 6) == 0) {
                    i = skip_space(s, len, i + 1);
                    if (i >= len || s[i] != '"')
                        return 0;
                    end = skip_string(s, len, i);
                    if (end == 0)
                        return 0;
                    *value = s + i + 1;
                    *value_len = end - 1 - (i + 1);
                    return 1;
                }
            }
            continue;
        }
        if (c == '{' || c == '[') {
            depth++;
            if (depth == 1)
                expect_key = 1;
        } else if (c == '}' || c == ']') {
            depth--;
            if (depth <= 0)
                return 0;
        } else if (c == ',' && depth == 1) {
            expect_key = 1;
        }
        i++;
    }
    return 0;
}

/* ------------------------------------------------------------------------------------------ */
/* The bundle                                                                                  */

typedef struct system_status {
    wk_bundle table; /* handed to the host */
    const wk_host *host;
} system_status;

static void reply_message(const wk_call *call, int32_t status, sbuf *message)
{
    if (message->failed)
        call->reply(call->reply_ctx, WK_STATUS_ERROR, "out of memory", 13);
    else
        call->reply(call->reply_ctx, status, message->data, message->len);
    free(message->data);
}

/* How many bytes of a host-supplied string to quote in a message: at most 64, cut at a UTF-8
 * character boundary. */
static int shown(const char *s, size_t len)
{
    size_t n = len;

    if (!s)
        return 0;
    if (n > 64) {
        n = 64;
        while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
            n--;
    }
    return (int)n;
}

static int32_t ss_describe(const wk_bundle *bundle, const char **json, size_t *len)
{
    (void)bundle;
    *json = description_json;
    *len = sizeof description_json - 1;
    return WK_STATUS_OK;
}

static void ss_call(const wk_bundle *bundle, const wk_call *call)
{
    const system_status *self = bundle->bundle_data;
    const char *family_name = NULL;
    size_t family_len = 0;
    size_t i;
    int found = 0;
    family f = FAMILY_SMALL;
    sys_stats stats;
    status_text text;
    double now;
    sbuf out = {NULL, 0, 0, 0};

    /* A call too small to carry a reply function cannot be answered at all. */
    if (!call || call->struct_size < offsetof(wk_call, reply) + sizeof call->reply || !call->reply)
        return;

    if (call->method != WK_METHOD_PLACEHOLDER && call->method != WK_METHOD_SNAPSHOT
        && call->method != WK_METHOD_TIMELINE) {
        sb_printf(&out, "method %d is not supported by %s", (int)call->method, KIND);
        reply_message(call, WK_STATUS_UNSUPPORTED, &out);
        return;
    }
    if (!call->kind || call->kind_len != strlen(KIND) || memcmp(call->kind, KIND, call->kind_len)) {
        sb_printf(&out, "unknown kind '%.*s' (this bundle provides: %s)",
                  shown(call->kind, call->kind_len), call->kind ? call->kind : "", KIND);
        reply_message(call, WK_STATUS_INVALID, &out);
        return;
    }
    if (!find_family(call->context_json, call->context_len, &family_name, &family_len)) {
        sb_printf(&out, "the context has no \"family\" string");
        reply_message(call, WK_STATUS_INVALID, &out);
        return;
    }
    for (i = 0; i < FAMILY_COUNT; i++) {
        if (strlen(families[i].name) == family_len
            && memcmp(families[i].name, family_name, family_len) == 0) {
            f = families[i].value;
            found = 1;
            break;
        }
    }
    if (!found) {
        sb_printf(&out, "family '%.*s' is not supported by %s (supported: ",
                  shown(family_name, family_len), family_name, KIND);
        for (i = 0; i < FAMILY_COUNT; i++)
            sb_printf(&out, "%s%s", i ? ", " : "", families[i].name);
        sb_puts(&out, ")");
        reply_message(call, WK_STATUS_INVALID, &out);
        return;
    }

    now = self->host->now(self->host);
    switch (call->method) {
    case WK_METHOD_PLACEHOLDER:
        make_text(NULL, 0, &text);
        emit_entry(&out, now, f, &text);
        break;
    case WK_METHOD_SNAPSHOT:
        read_stats(&stats);
        make_text(&stats, 0, &text);
        emit_entry(&out, now, f, &text);
        break;
    default: /* WK_METHOD_TIMELINE */
        read_stats(&stats);
        sb_puts(&out, "{\"entries\":[");
        for (i = 0; i < TIMELINE_ENTRIES; i++) {
            double offset = (double)i * TIMELINE_STEP_SECONDS;
            if (i > 0)
                sb_puts(&out, ",");
            make_text(&stats, offset, &text);
            emit_entry(&out, now + offset, f, &text);
        }
        sb_puts(&out, "],\"policy\":{\"type\":\"atEnd\"}}");
        break;
    }
    reply_message(call, WK_STATUS_OK, &out);
}

static void ss_destroy(const wk_bundle *bundle)
{
    free(bundle->bundle_data);
}

static const void *ss_get_extension(const wk_bundle *bundle, const char *id)
{
    (void)bundle;
    (void)id;
    return NULL;
}

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host);

WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host)
{
    static const char loaded[] = "SystemStatus bundle loaded (ABI 1.0)";
    system_status *self;

    /* Refuse hosts of another major version, and tables too small to hold what is used here. */
    if (!host || host->abi_version.major != WK_ABI_VERSION_MAJOR
        || host->struct_size < offsetof(wk_host, now) + sizeof host->now || !host->now)
        return NULL;

    self = calloc(1, sizeof *self);
    if (!self)
        return NULL;
    self->host = host;
    self->table.struct_size = sizeof(wk_bundle);
    self->table.abi_version.major = WK_ABI_VERSION_MAJOR;
    self->table.abi_version.minor = WK_ABI_VERSION_MINOR;
    self->table.bundle_data = self;
    self->table.describe = ss_describe;
    self->table.call = ss_call;
    self->table.destroy = ss_destroy;
    self->table.get_extension = ss_get_extension;

    if (host->log)
        host->log(host, WK_LOG_INFO, loaded, sizeof loaded - 1);
    return &self->table;
}
