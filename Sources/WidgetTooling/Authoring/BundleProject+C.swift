import Foundation
import WidgetSchema

// The C template: the same widget as the Swift template (five entries an hour apart, showing
// the time), as one C file against widget_abi.h, with a hand-written manifest and a Makefile.
extension BundleProject {
  func cFiles() throws(BundleProjectError) -> [(path: String, contents: String)] {
    let header: String
    do {
      header = try String(contentsOf: checkout.abiHeader, encoding: .utf8)
    } catch {
      throw .io(
        checkout.abiHeader.path, "cannot read the ABI header: \(error.localizedDescription)")
    }
    return [
      ("Makefile", makefile),
      ("manifest.json", cManifest),
      ("\(name).c", cSource),
      ("include/widget_abi.h", header),
      ("README.md", cReadme),
      (".gitignore", "build/\n"),
    ]
  }

  /// The bundle id of a new C project.
  var cBundleID: String { "local.\(name)" }

  /// `"systemSmall","systemMedium"`.
  var familiesJSON: String {
    families.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
  }

  var cManifest: String {
    """
    {
      "id": "\(cBundleID)",
      "name": "\(name)",
      "version": "1.0.0",
      "abiVersion": "\(ABIVersion.current.major).\(ABIVersion.current.minor)",
      "library": "lib\(name).so",
      "appGroups": [],
      "kinds": [
        {
          "kind": "\(name)",
          "displayName": "My Widget",
          "description": "This is an example widget.",
          "families": [\(familiesJSON)],
          "configuration": { "type": "static" }
        }
      ]
    }

    """
  }

  var makefile: String {
    """
    # Builds the \(name) widget bundle: a plain C library against include/widget_abi.h.
    #
    #   make              build/lib\(name).so and build/\(name).widgetbundle/
    #   make run          build, then run the bundle with widget-host (Ctrl-C stops)
    #   make watch        build, then run it with --watch: each later `make` reloads it
    #   make clean        remove build/

    WIDGET_HOST ?= \(widgetHost)
    OUT ?= build
    CC ?= cc
    CFLAGS ?= -std=c11 -Wall -Wextra -Werror -pedantic -O2
    # Always added: a shared library needs -fPIC, and -z defs fails the link on any symbol that
    # is neither defined here nor in libc.
    BUNDLE_CFLAGS = -fPIC -Iinclude
    BUNDLE_LDFLAGS = -shared -Wl,-z,defs

    LIBRARY := $(OUT)/lib\(name).so
    BUNDLE := $(OUT)/\(name).widgetbundle

    .PHONY: all run watch clean

    all: $(BUNDLE)/manifest.json $(BUNDLE)/lib\(name).so

    $(LIBRARY): \(name).c include/widget_abi.h
    \t@mkdir -p $(OUT)
    \t$(CC) $(BUNDLE_CFLAGS) $(CPPFLAGS) $(CFLAGS) $(BUNDLE_LDFLAGS) $(LDFLAGS) \\
    \t\t-o $@ \(name).c $(LDLIBS)

    # Copied, then renamed into place: a running `widget-host run --watch` never sees a
    # half-written library.
    $(BUNDLE)/lib\(name).so: $(LIBRARY)
    \t@mkdir -p $(BUNDLE)
    \tcp $(LIBRARY) $@.tmp && mv -f $@.tmp $@

    $(BUNDLE)/manifest.json: manifest.json
    \t@mkdir -p $(BUNDLE)
    \tcp manifest.json $@.tmp && mv -f $@.tmp $@

    run: all
    \t$(WIDGET_HOST) run $(BUNDLE)

    watch: all
    \t$(WIDGET_HOST) run $(BUNDLE) --watch

    clean:
    \trm -rf $(OUT)

    """
  }

  var cSource: String {
    let familiesC = families.map { "\\\"\($0.rawValue)\\\"" }.joined(separator: ",")
    return """
      /*
       * \(name).c: a widget bundle in plain C, made by `widget-host new --c`.
       *
       * One widget kind, "\(name)", with the behaviour of Xcode's Widget Extension template:
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

      #define KIND "\(name)"
      /* The text before the time. */
      #define TITLE "Time:"
      #define ENTRY_COUNT 5
      #define ENTRY_STEP_SECONDS 3600.0

      /* What `describe` returns; manifest.json declares the same kind and families. */
      static const char description[] =
          "{\\"kinds\\":[{\\"kind\\":\\"" KIND "\\","
          "\\"displayName\\":\\"My Widget\\","
          "\\"description\\":\\"This is an example widget.\\","
          "\\"families\\":[\(familiesC)],"
          "\\"configuration\\":{\\"type\\":\\"static\\"}}]}";

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
                          "{\\"date\\":\\"%s\\",\\"view\\":{\\"type\\":\\"text\\",\\"runs\\":["
                          "{\\"text\\":\\"" TITLE " \\"},{\\"date\\":\\"%s\\",\\"style\\":\\"time\\"}]}}",
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
              used = (size_t)snprintf(timeline, sizeof timeline, "{\\"entries\\":[");
              for (i = 0; i < ENTRY_COUNT; i++) {
                  format_entry(entry, sizeof entry, now + i * ENTRY_STEP_SECONDS);
                  used += (size_t)snprintf(timeline + used, sizeof timeline - used, "%s%s",
                                           i ? "," : "", entry);
              }
              snprintf(timeline + used, sizeof timeline - used, "],\\"policy\\":{\\"type\\":\\"atEnd\\"}}");
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

      """
  }

  var cReadme: String {
    """
    # \(name)

    A widget bundle in plain C for widget-host, made by `widget-host new --c`: one kind,
    `\(name)`, that shows the time in a timeline of five entries an hour apart (Xcode's Widget
    Extension template, in C). It supports \(families.map(\.rawValue).joined(separator: ", ")).

    ```
    \(name).c               the bundle: describe, placeholder, snapshot, timeline
    manifest.json           what the bundle declares (kept in step with `description` in \(name).c)
    include/widget_abi.h    widget-host's C ABI \(ABIVersion.current.major).\(ABIVersion.current.minor), copied from \(checkout.url.path)
    Makefile                builds build/\(name).widgetbundle/
    ```

    ## Build and run

    ```sh
    make
    \(widgetHost) run build/\(name).widgetbundle
    ```

    `make` needs a C compiler and nothing else. `make run` does both steps; `make watch` runs the
    bundle with `--watch`, so that each later `make` (in another terminal) reloads it in place.
    `make WIDGET_HOST=/path/to/widget-host run` uses another widget-host.

    Useful next: `--once` (print the current entry and exit), `--family F`, `--format json`,
    `\(widgetHost) preview build/\(name).widgetbundle` (the gallery) and
    `\(widgetHost) validate build/\(name).widgetbundle` (the conformance suite). widget-host's
    docs/abi.md describes the ABI field by field, and docs/schema.md the JSON of entries and
    timelines.

    """
  }
}
