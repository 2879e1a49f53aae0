/*
 * widget_abi.h: the widget-host bundle ABI, version 1.
 *
 * This header is the whole contract between the widget-host process and a widget bundle. A bundle
 * is a shared library that exports one symbol, `wk_bundle_entry`. It needs nothing but this header
 * and a C compiler: `cc -shared -fPIC -o libMine.so mine.c`.
 *
 * General rules (they hold for every struct and function below unless a comment says otherwise):
 *
 *  - Strings are UTF-8 and always travel with an explicit byte length. They need not be NUL
 *    terminated and must not be assumed to be.
 *  - JSON payloads are UTF-8 JSON texts as documented in docs/abi.md and docs/schema.md.
 *  - Every struct that may grow starts with `struct_size` (the sizeof the struct as the producer
 *    compiled it) followed by the ABI version the producer was built against. These two fields
 *    keep their place in every future major version, so either side can read the other's version
 *    before refusing it. A consumer reads a field only if `struct_size` covers it. Fields are only
 *    ever appended, in minor versions.
 *  - Function pointers in the tables are never NULL unless their comment says they may be; the
 *    host refuses a bundle whose `describe`, `call` or `destroy` is NULL.
 *  - A pointer with a length may be NULL when the length is 0.
 *  - A major version change is incompatible: the host refuses a bundle whose major version
 *    differs from its own, and a bundle should return NULL from `wk_bundle_entry` for a host whose
 *    major version it does not know.
 *  - Nothing unwinds across the boundary: no C++ exceptions, no longjmp, no Swift errors. Failures
 *    are a status code plus a UTF-8 message.
 *  - "Any thread" means the function is thread-safe and may be called concurrently from several
 *    threads. "Host thread" means the thread the host used to call into the bundle at that moment.
 */
#ifndef WIDGET_ABI_H
#define WIDGET_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define WK_EXPORT __attribute__((visibility("default")))
#else
#define WK_EXPORT
#endif

/* ABI version implemented by this header. Major: incompatible changes. Minor: additions only. */
#define WK_ABI_VERSION_MAJOR 1
#define WK_ABI_VERSION_MINOR 3

/* The name of the one symbol a bundle exports. */
#define WK_BUNDLE_ENTRY_SYMBOL "wk_bundle_entry"

/* An ABI version. Two 32-bit numbers, compared major first. */
typedef struct wk_version {
    uint32_t major; /* WK_ABI_VERSION_MAJOR of the producer. */
    uint32_t minor; /* WK_ABI_VERSION_MINOR of the producer. */
} wk_version;

/* Status codes, used by replies and by host functions that can fail. */
typedef enum wk_status {
    WK_STATUS_OK = 0,          /* Success. */
    WK_STATUS_ERROR = 1,       /* The call failed; the payload is a UTF-8 message saying why. */
    WK_STATUS_UNSUPPORTED = 2, /* The method is not implemented by this bundle. */
    WK_STATUS_INVALID = 3      /* The request was malformed (bad JSON, unknown kind, ...). */
} wk_status;

/* Log levels for wk_host.log. */
typedef enum wk_log_level {
    WK_LOG_DEBUG = 0,
    WK_LOG_INFO = 1,
    WK_LOG_WARNING = 2,
    WK_LOG_ERROR = 3
} wk_log_level;

/* Methods the host calls through wk_bundle.call. Values are stable; new methods are added in
 * minor versions. A bundle replies WK_STATUS_UNSUPPORTED to a method it does not know. */
typedef enum wk_method {
    /* Reply: one entry (JSON object "Entry" in docs/schema.md). Answer fast, with sample data:
     * it is shown redacted while the real timeline is fetched, and after errors. */
    WK_METHOD_PLACEHOLDER = 1,
    /* Reply: one entry. Shown in galleries and previews (context.isPreview is true there). */
    WK_METHOD_SNAPSHOT = 2,
    /* Reply: a timeline (JSON object "Timeline": entries plus reload policy). */
    WK_METHOD_TIMELINE = 3,
    /* (ABI 1.1) Reply: the values a dynamic parameter may take (JSON object "ParameterOptions":
     * {"options": [{"identifier", "display"}]}). The context names the parameter in "parameter"
     * and carries the instance's other values in "configuration". */
    WK_METHOD_OPTIONS = 4,
    /* (ABI 1.2) Reply: the previews the bundle declares for the kind (JSON object "Previews":
     * {"previews": [{"name", "family", "entries": [Entry]}]}), shown by `widget-host preview`.
     * The Swift SDK answers with its #Preview declarations; a C bundle may answer
     * WK_STATUS_UNSUPPORTED, or {"previews": []}. */
    WK_METHOD_PREVIEWS = 5,
    /* (ABI 1.2) Runs an action: a press of a button or a toggle the bundle's entry drew. The
     * context's "action" is the action as the view named it ({"name", "arguments", "reference"})
     * and "configuration" the instance's parameter values (for configurable kinds). Reply
     * WK_STATUS_OK once the action is done (the payload, if any, is ignored), or an error status
     * and a UTF-8 message; the host then reloads the instance's timeline. Actions a manifest
     * declares as C functions ("actions") are called directly instead and never reach `call`. */
    WK_METHOD_PERFORM = 6,
    /* (ABI 1.3) Reply: the views of a Live Activity (JSON object "ActivityViews":
     * {"lockScreen", "expanded": {"leading", "trailing", "center", "bottom"}, "compactLeading",
     * "compactTrailing", "minimal", tints}). The call's kind is the activity's attributes type,
     * one the manifest lists under "activities"; the context's "activity" carries its
     * "attributes", content "state" and "isStale". Called when an app starts or updates the
     * activity, when it goes stale, and when it ends. */
    WK_METHOD_ACTIVITY = 7
} wk_method;

typedef struct wk_host wk_host;
typedef struct wk_bundle wk_bundle;
typedef struct wk_call wk_call;

/*
 * The reply to a call. The bundle calls it exactly once per call, from any thread, either before
 * `call` returns or at any later time.
 *
 *  reply_ctx  the `reply_ctx` of the wk_call being answered, unchanged.
 *  status     WK_STATUS_OK and a JSON payload, or another status and a UTF-8 error message.
 *  data, len  the payload. Borrowed: the host copies it before `reply` returns, so the bundle may
 *             free or reuse the memory right after. May be NULL when len is 0.
 *
 * Calling `reply` a second time for the same call is a bundle bug: the host ignores the second
 * reply and reports an error. After `reply` returns, `reply_ctx` is dead; do not use it again.
 */
typedef void (*wk_reply_fn)(void *reply_ctx, int32_t status, const char *data, size_t len);

/*
 * One request from the host to the bundle. Valid only during the `call` function it is passed to:
 * a bundle that answers later must copy what it needs (the kind and the context) and keep only
 * `reply` and `reply_ctx`, which stay valid until `reply` is called.
 */
struct wk_call {
    uint32_t struct_size;      /* sizeof(wk_call) as the host compiled it. */
    wk_version abi_version;    /* The host's ABI version. */
    int32_t method;            /* A wk_method value. */
    const char *kind;          /* The widget kind (UTF-8, `kind_len` bytes, not NUL terminated). */
    size_t kind_len;
    const char *context_json;  /* The provider context as JSON ("Context" in docs/schema.md):
                                  family, displaySize, isPreview, ... (`context_len` bytes). */
    size_t context_len;
    void *reply_ctx;           /* Opaque to the bundle; passed back to `reply`. */
    wk_reply_fn reply;         /* Called exactly once, from any thread, now or later. */
};

/*
 * What the host gives the bundle. The host owns this table; it lives, unchanged, from before
 * `wk_bundle_entry` is called until after `wk_bundle.destroy` returns. Every function may be
 * called from any thread, including from inside `call` and from the bundle's own threads, but not
 * after `destroy` has returned.
 */
struct wk_host {
    uint32_t struct_size;   /* sizeof(wk_host) as the host compiled it. */
    wk_version abi_version; /* The host's ABI version. */
    void *host_data;        /* Opaque to the bundle. Pass the wk_host pointer back, not this. */

    /* Writes a message to the host's log, attributed to this bundle. `level` is a wk_log_level
     * (an unknown value is treated as WK_LOG_INFO). `message` is borrowed for the duration of the
     * call. */
    void (*log)(const wk_host *host, int32_t level, const char *message, size_t len);

    /* The host's clock, in seconds since 1970-01-01T00:00:00Z. In tests and simulations this is a
     * virtual clock: bundles must use it, not time(), for every date they put in an entry or a
     * reload policy. */
    double (*now)(const wk_host *host);

    /* Asks the host to reload the timelines of every instance of `kind` (of this bundle), as
     * WidgetCenter.reloadTimelines(ofKind:) does. Asynchronous: it returns at once; the host calls
     * `timeline` again later. Returns WK_STATUS_OK, or WK_STATUS_INVALID for a kind this bundle
     * does not declare. */
    int32_t (*reload_kind)(const wk_host *host, const char *kind, size_t len);

    /* Asks the host to reload every timeline of this bundle (WidgetCenter.reloadAllTimelines()).
     * Asynchronous, like reload_kind. Returns WK_STATUS_OK. */
    int32_t (*reload_all)(const wk_host *host);

    /* The absolute path of the bundle's Resources folder (images, <lang>.lproj/Localizable.strings).
     * The returned string is owned by the host, NUL terminated as well as sized, and lives as long
     * as the table. The folder may not exist. `len` may be NULL. */
    const char *(*resource_path)(const wk_host *host, size_t *len);

    /* The user's locale as a BCP 47 tag ("en-US", "zh-Hans-CN"), from the host's environment.
     * Owned by the host, NUL terminated as well as sized, lives as long as the table. `len` may be
     * NULL. */
    const char *(*locale)(const wk_host *host, size_t *len);

    /* Optional host features, looked up by string id (NUL-terminated). Returns a pointer to a
     * feature's table, owned by the host and living as long as this table, or NULL when the host
     * does not offer it. No ids are defined in ABI 1.0; ABI 1.1 defines
     * WK_HOST_EXTENSION_WIDGET_CENTER. Never NULL itself. */
    const void *(*get_extension)(const wk_host *host, const char *id);
};

/* (ABI 1.1) The id of the host extension behind WidgetKit's WidgetCenter and App Groups:
 * `host->get_extension(host, WK_HOST_EXTENSION_WIDGET_CENTER)` returns a
 * `const wk_host_widget_center *`, or NULL from a host without it. */
#define WK_HOST_EXTENSION_WIDGET_CENTER "wk.widget-center"

/*
 * (ABI 1.1) The WidgetCenter host extension. Owned by the host; lives as long as the wk_host
 * table. Every function may be called from any thread, like the wk_host functions.
 */
typedef struct wk_host_widget_center {
    uint32_t struct_size;   /* sizeof(wk_host_widget_center) as the host compiled it. */
    wk_version abi_version; /* The host's ABI version. */

    /* The App Groups the bundle's manifest declares (for a bare library: its description's
     * "appGroups"), as a JSON array of strings such as ["group.com.example.shared"]; "[]" when
     * none. Stores a host-owned pointer in *json (valid until `destroy` returns) and its length
     * in *len. Known once `describe` has returned; earlier it is "[]". A bundle that keeps App
     * Group data in files re-reads these groups before each call; the Swift SDK synchronizes
     * Foundation's UserDefaults suites of these groups before every provider call. */
    void (*app_groups)(const wk_host *host, const char **json, size_t *len);

    /* WidgetCenter.getCurrentConfigurations: the host's running instances of this bundle's
     * kinds, as JSON {"widgets": [{"instance", "kind", "family", "configuration"}]}
     * ("CurrentConfigurations" in docs/schema.md). Asynchronous, like a wk_call: the host calls
     * reply(reply_ctx, status, json, len) exactly once, from any thread, now or later; the
     * payload is borrowed for the duration of `reply`. A status other than WK_STATUS_OK carries a
     * UTF-8 message (the host is not running its instances yet). */
    void (*current_configurations)(const wk_host *host, void *reply_ctx, wk_reply_fn reply);
} wk_host_widget_center;

/*
 * What the bundle gives the host. Owned by the bundle; must stay valid and unchanged from
 * `wk_bundle_entry` returning until `destroy` returns.
 */
struct wk_bundle {
    uint32_t struct_size;   /* sizeof(wk_bundle) as the bundle compiled it. */
    wk_version abi_version; /* The bundle's ABI version: WK_ABI_VERSION_MAJOR/MINOR. */
    void *bundle_data;      /* Opaque to the host. */

    /* Describes the bundle as JSON ("Description" in docs/schema.md): its widget kinds, each with
     * its families. The host checks it against manifest.json and, for a bare library, builds the
     * manifest from it. Stores a pointer to the UTF-8 JSON in *json and its length in *len; the
     * memory is owned by the bundle and must stay valid until `destroy`. Called on the host
     * thread, before any `call`. Returns WK_STATUS_OK or an error status (then *json and *len may
     * hold a UTF-8 message, owned by the bundle like the JSON). */
    int32_t (*describe)(const wk_bundle *bundle, const char **json, size_t *len);

    /* Starts one request. Called on a host thread, possibly several at once from different
     * threads. The bundle answers through call->reply exactly once, now or later, from any thread.
     * `call` itself must return promptly (it may reply before returning). */
    void (*call)(const wk_bundle *bundle, const wk_call *call);

    /* Releases the bundle. Called once, on a host thread, and only when no call is outstanding
     * (a host that must give up on a call that never replies leaves the bundle loaded rather than
     * destroy it under the bundle's feet). The bundle must stop and join its own threads before
     * returning (code of the library may be unmapped afterwards) and must not call the host table
     * after this returns. */
    void (*destroy)(const wk_bundle *bundle);

    /* Optional bundle features, looked up by string id (NUL-terminated): the WK_BUNDLE_EXTENSION_*
     * ids below. Returns the feature's table, owned by the bundle and living until `destroy` (or,
     * for the main loop, for the life of the process), or NULL. May be NULL itself: the bundle has
     * no extensions. Called on the host thread, after `describe`. */
    const void *(*get_extension)(const wk_bundle *bundle, const char *id);
};

/*
 * Bundle extension "wk.main-loop": the bundle's runtime has a main thread's loop of its own (a
 * Swift bundle's: the main dispatch queue, the main actor and RunLoop.main), which code in the
 * bundle expects the process's main thread to run, as an app extension's does.
 * `bundle->get_extension(bundle, WK_BUNDLE_EXTENSION_MAIN_LOOP)` returns a wk_bundle_main_loop.
 * The host calls `run` at most once per process, on the process's main thread, for the first
 * bundle that offers it (bundles of one runtime share its loop), while calls to the bundle go on
 * on other threads; a host that cannot give its main thread says so in its log. A C bundle
 * without a main loop returns NULL (or has no get_extension).
 */
#define WK_BUNDLE_EXTENSION_MAIN_LOOP "wk.main-loop"

typedef struct wk_bundle_main_loop {
    uint32_t struct_size;   /* sizeof(wk_bundle_main_loop) as the bundle compiled it. */
    wk_version abi_version; /* The bundle's ABI version. */

    /* Runs the loop on the calling thread (the process's main thread) until the process exits:
     * never returns. The library stays mapped while it runs, even after `destroy`. */
    void (*run)(const wk_bundle *bundle);
} wk_bundle_main_loop;

/*
 * The entry point, exported by every bundle under the name WK_BUNDLE_ENTRY_SYMBOL.
 *
 * Called once per load, on the host thread, right after dlopen. `host` lives until `destroy`
 * returns. Returns the bundle's table, or NULL to refuse the host (for example an unknown major
 * version); then the host calls nothing else in the library (it may stay mapped).
 */
typedef const wk_bundle *(*wk_bundle_entry_fn)(const wk_host *host);

/* The entry point itself: a bundle that defines it with another signature fails to compile. */
WK_EXPORT const wk_bundle *wk_bundle_entry(const wk_host *host);

/*
 * The growth rule in numbers: the size of each growable table in the minor version that
 * introduced it (its last field then, plus that field). A consumer accepts any table at least this
 * large, whatever the producer's minor version, and reads a field appended later only where the
 * table's `struct_size` covers it (`offsetof(T, field) + sizeof field <= struct_size`). sizeof
 * of the structs above is this header's (newest) version, never the least a consumer may get.
 */
static inline size_t wk_bundle_size_1_0(void) {
    return offsetof(wk_bundle, get_extension) + sizeof(((wk_bundle *)0)->get_extension);
}
static inline size_t wk_host_size_1_0(void) {
    return offsetof(wk_host, get_extension) + sizeof(((wk_host *)0)->get_extension);
}
static inline size_t wk_call_size_1_0(void) {
    return offsetof(wk_call, reply) + sizeof(((wk_call *)0)->reply);
}
static inline size_t wk_host_widget_center_size_1_1(void) {
    return offsetof(wk_host_widget_center, current_configurations) +
           sizeof(((wk_host_widget_center *)0)->current_configurations);
}

#if !defined(__cplusplus) && defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L && \
    defined(__LP64__)
/* The layouts every host and bundle of ABI 1 agree on (LP64: Linux on x86-64 and arm64). */
_Static_assert(sizeof(wk_version) == 8, "wk_version is two uint32_t");
_Static_assert(offsetof(wk_bundle, abi_version) == 4, "struct_size, then the version");
_Static_assert(offsetof(wk_host, abi_version) == 4, "struct_size, then the version");
_Static_assert(offsetof(wk_call, abi_version) == 4, "struct_size, then the version");
_Static_assert(offsetof(wk_bundle, describe) == 24, "wk_bundle 1.0 layout");
_Static_assert(offsetof(wk_bundle, get_extension) == 48, "wk_bundle 1.0 layout");
_Static_assert(offsetof(wk_host, log) == 24, "wk_host 1.0 layout");
_Static_assert(offsetof(wk_host, get_extension) == 72, "wk_host 1.0 layout");
_Static_assert(offsetof(wk_call, reply) == 56, "wk_call 1.0 layout");
_Static_assert(offsetof(wk_host_widget_center, current_configurations) == 24,
               "wk_host_widget_center 1.1 layout");
#endif

#ifdef __cplusplus
}
#endif

#endif /* WIDGET_ABI_H */
