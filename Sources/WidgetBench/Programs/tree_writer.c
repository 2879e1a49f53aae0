/* The JSON sink's floor (Sources/WidgetBench/Support/TreeWriterFloor.swift says what it is).
   widget-bench builds it with: cc -O2 -std=c11 -Wall -Wextra -Werror -o tree_writer tree_writer.c */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* A JSON value as a tree: what a writer walks. Strings are kept unescaped; a whole number is
   kept as a number and printed; any other number keeps its text (none in the bench's events). */
enum tag { T_NULL, T_FALSE, T_TRUE, T_INT, T_NUMBER, T_STRING, T_ARRAY, T_OBJECT };

typedef struct node {
    uint8_t tag;
    uint32_t count;     /* string length, or array / object members */
    uint32_t key_len;   /* an object member's key */
    const char *key;
    union {
        long long integer;
        const char *text; /* T_NUMBER, T_STRING */
        struct node *members;
    } u;
} node;

static void fail(const char *what) {
    fprintf(stderr, "tree_writer: %s\n", what);
    exit(1);
}

static void *arena_alloc(size_t size) {
    static char *block;
    static size_t left;
    size = (size + 15) & ~(size_t)15;
    if (size > left) {
        left = size > (1u << 20) ? size : (1u << 20);
        block = malloc(left);
        if (!block) fail("out of memory");
    }
    void *result = block;
    block += size;
    left -= size;
    return result;
}

static char *buffer;
static size_t used, capacity;
static void write_string(const char *text, uint32_t length);

/* Loading: a small reader for the sink's own output (untimed). */
static const char *in;

static void skip_space(void) {
    while (*in == ' ' || *in == '\n' || *in == '\t' || *in == '\r') in++;
}

static unsigned hex(char c) {
    if (c >= '0' && c <= '9') return (unsigned)(c - '0');
    if (c >= 'a' && c <= 'f') return (unsigned)(c - 'a' + 10);
    if (c >= 'A' && c <= 'F') return (unsigned)(c - 'A' + 10);
    fail("bad escape");
    return 0;
}

static const char *read_string(uint32_t *length) {
    if (*in++ != '"') fail("expected a string");
    const char *end = in;
    while (*end != '"') {
        if (*end == 0 || (*end == '\\' && end[1] == 0)) fail("unterminated string");
        end += *end == '\\' ? 2 : 1;
    }
    char *out = arena_alloc((size_t)(end - in) + 1), *start = out;
    while (*in != '"') {
        if (*in != '\\') { *out++ = *in++; continue; }
        in++;
        char c = *in++;
        switch (c) {
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        case 't': *out++ = '\t'; break;
        case 'u': {
            unsigned code = hex(in[0]) << 12 | hex(in[1]) << 8 | hex(in[2]) << 4 | hex(in[3]);
            in += 4;
            if (code >= 0x80) fail("non-ASCII \\u escapes are not expected");
            *out++ = (char)code;
            break;
        }
        default: *out++ = c;
        }
    }
    in++;
    *length = (uint32_t)(out - start);
    return start;
}

static void read_value(node *value);

static void expect_word(const char *word) {
    size_t length = strlen(word);
    if (strncmp(in, word, length) != 0) fail("unexpected character");
    in += length;
}

static void read_members(node *value, char close, int keyed) {
    node scratch[256];
    uint32_t count = 0;
    in++;
    skip_space();
    while (*in != close) {
        if (*in == 0) fail("unterminated object or array");
        if (count == 256) fail("too many members");
        node *member = &scratch[count++];
        memset(member, 0, sizeof *member);
        if (keyed) {
            uint32_t length;
            const char *key = read_string(&length);
            char *rendered = arena_alloc((size_t)length * 6 + 3);
            const char *saved_in = in;
            /* The key as the writer would write it, quoted and followed by ':', made once. */
            char *saved_buffer = buffer;
            size_t saved_used = used, saved_capacity = capacity;
            buffer = rendered; used = 0; capacity = (size_t)length * 6 + 3;
            write_string(key, length);
            buffer[used++] = ':';
            member->key = rendered;
            member->key_len = (uint32_t)used;
            buffer = saved_buffer; used = saved_used; capacity = saved_capacity;
            in = saved_in;
            skip_space();
            if (*in++ != ':') fail("expected ':'");
            skip_space();
        }
        read_value(member);
        skip_space();
        if (*in == ',') { in++; skip_space(); }
    }
    in++;
    value->count = count;
    value->u.members = arena_alloc(sizeof(node) * (count ? count : 1));
    memcpy(value->u.members, scratch, sizeof(node) * count);
}

static void read_value(node *value) {
    switch (*in) {
    case '{': value->tag = T_OBJECT; read_members(value, '}', 1); return;
    case '[': value->tag = T_ARRAY; read_members(value, ']', 0); return;
    case '"': value->tag = T_STRING; value->u.text = read_string(&value->count); return;
    case 't': expect_word("true"); value->tag = T_TRUE; return;
    case 'f': expect_word("false"); value->tag = T_FALSE; return;
    case 'n': expect_word("null"); value->tag = T_NULL; return;
    }
    const char *start = in;
    while (*in == '-' || *in == '+' || *in == '.' || *in == 'e' || *in == 'E' ||
           (*in >= '0' && *in <= '9'))
        in++;
    if (in == start) fail("unexpected character");
    int whole = 1;
    for (const char *c = start; c < in; c++)
        if (*c == '.' || *c == 'e' || *c == 'E') whole = 0;
    if (whole && in - start < 16) {
        value->tag = T_INT;
        value->u.integer = strtoll(start, NULL, 10);
    } else {
        value->tag = T_NUMBER;
        value->count = (uint32_t)(in - start);
        value->u.text = start;
    }
}

/* Writing: what the floor times. */
static int output;

static void write_all(void) {
    size_t done = 0;
    while (done < used) {
        ssize_t n = write(output, buffer + done, used - done);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail("write failed");
        done += (size_t)n;
    }
    used = 0;
}

static inline void reserve(size_t size) {
    if (used + size <= capacity) return;
    while (used + size > capacity) capacity *= 2;
    buffer = realloc(buffer, capacity);
    if (!buffer) fail("out of memory");
}

/* Whether any byte of `word` is below 0x20, a quote or a backslash (the Swift writer's test). */
static inline int needs_escaping(uint64_t word) {
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t below = (word - ones * 0x20) & ~word;
    uint64_t quote = word ^ (ones * '"'), slash = word ^ (ones * '\\');
    uint64_t zero_quote = (quote - ones) & ~quote, zero_slash = (slash - ones) & ~slash;
    return ((below | zero_quote | zero_slash) & highs) != 0;
}

static inline int byte_needs_escaping(unsigned char c) { return c < 0x20 || c == '"' || c == '\\'; }

static void write_string(const char *text, uint32_t length) {
    reserve(2 + (size_t)length * 6);
    char *out = buffer + used;
    *out++ = '"';
    uint32_t i = 0;
    while (i < length) {
        uint32_t start = i;
        while (i + 8 <= length) {
            uint64_t word;
            memcpy(&word, text + i, 8);
            if (needs_escaping(word)) break;
            i += 8;
        }
        while (i < length && !byte_needs_escaping((unsigned char)text[i])) i++;
        memcpy(out, text + start, i - start);
        out += i - start;
        if (i == length) break;
        unsigned char c = (unsigned char)text[i++];
        *out++ = '\\';
        switch (c) {
        case '"': *out++ = '"'; break;
        case '\\': *out++ = '\\'; break;
        case '\b': *out++ = 'b'; break;
        case '\f': *out++ = 'f'; break;
        case '\n': *out++ = 'n'; break;
        case '\r': *out++ = 'r'; break;
        case '\t': *out++ = 't'; break;
        default:
            *out++ = 'u'; *out++ = '0'; *out++ = '0';
            *out++ = "0123456789abcdef"[c >> 4];
            *out++ = "0123456789abcdef"[c & 15];
        }
    }
    *out++ = '"';
    used = (size_t)(out - buffer);
}

static void write_integer(long long value) {
    char digits[24];
    int n = 0;
    unsigned long long magnitude = value < 0 ? 0ull - (unsigned long long)value : (unsigned long long)value;
    do { digits[n++] = (char)('0' + magnitude % 10); magnitude /= 10; } while (magnitude);
    reserve((size_t)n + 1);
    if (value < 0) buffer[used++] = '-';
    while (n) buffer[used++] = digits[--n];
}

static void write_value(const node *value) {
    switch (value->tag) {
    case T_NULL: reserve(4); memcpy(buffer + used, "null", 4); used += 4; return;
    case T_FALSE: reserve(5); memcpy(buffer + used, "false", 5); used += 5; return;
    case T_TRUE: reserve(4); memcpy(buffer + used, "true", 4); used += 4; return;
    case T_INT: write_integer(value->u.integer); return;
    case T_NUMBER:
        reserve(value->count); memcpy(buffer + used, value->u.text, value->count);
        used += value->count;
        return;
    case T_STRING: write_string(value->u.text, value->count); return;
    case T_ARRAY:
    case T_OBJECT: {
        int object = value->tag == T_OBJECT;
        reserve(1);
        buffer[used++] = object ? '{' : '[';
        for (uint32_t i = 0; i < value->count; i++) {
            const node *member = &value->u.members[i];
            if (i) { reserve(1); buffer[used++] = ','; }
            if (object) {
                reserve(member->key_len);
                memcpy(buffer + used, member->key, member->key_len);
                used += member->key_len;
            }
            write_value(member);
        }
        reserve(1);
        buffer[used++] = object ? '}' : ']';
        return;
    }
    }
}

static double seconds(clockid_t clock) {
    struct timespec now;
    clock_gettime(clock, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* tree_writer INPUT REPEATS OUTPUT: reads INPUT (JSON lines), then writes its lines REPEATS
   times to OUTPUT from their trees, in writes of 64 KiB as the sink makes them, and prints
   the wall and CPU seconds the writing took. */
int main(int argc, char **argv) {
    if (argc != 4) fail("usage: tree_writer INPUT REPEATS OUTPUT");
    FILE *file = fopen(argv[1], "rb");
    if (!file) fail("cannot open the input");
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc((size_t)size + 1);
    if (!text || fread(text, 1, (size_t)size, file) != (size_t)size) fail("cannot read the input");
    fclose(file);
    text[size] = 0;

    size_t lines = 0, room = 1024;
    node *events = malloc(sizeof(node) * room);
    in = text;
    skip_space();
    while (*in) {
        if (lines == room) events = realloc(events, sizeof(node) * (room *= 2));
        memset(&events[lines], 0, sizeof(node));
        read_value(&events[lines++]);
        skip_space();
    }

    long repeats = strtol(argv[2], NULL, 10);
    output = open(argv[3], O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (output < 0) fail("cannot open the output");
    capacity = 1 << 17;
    buffer = malloc(capacity);
    double start = seconds(CLOCK_MONOTONIC), start_cpu = seconds(CLOCK_PROCESS_CPUTIME_ID);
    for (long r = 0; r < repeats; r++) {
        for (size_t i = 0; i < lines; i++) {
            write_value(&events[i]);
            reserve(1);
            buffer[used++] = '\n';
            if (used >= 65536) write_all();
        }
    }
    write_all();
    double wall = seconds(CLOCK_MONOTONIC) - start;
    double cpu = seconds(CLOCK_PROCESS_CPUTIME_ID) - start_cpu;
    close(output);
    printf("%zu %.9f %.9f\n", lines * (size_t)repeats, wall, cpu);
    return 0;
}
