// GNU libmicrohttpd, the web sink's HTTP server, loaded with dlopen on first use and never linked
// into the host: a host that serves no page starts without mapping it or the TLS libraries it
// brings (docs/web.md, "The server").
//
// The table's fields have the types of the library's own functions (`__typeof__` of the
// declarations in <microhttpd.h>, from Debian's libmicrohttpd-dev), so a field that disagrees
// with the library fails the build.
#ifndef WEB_SERVER_H
#define WEB_SERVER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <microhttpd.h>

#define WEB_SERVER_FUNCTIONS(X)                                                                \
  X(MHD_stop_daemon)                                                                           \
  X(MHD_get_daemon_info)                                                                       \
  X(MHD_get_connection_values)                                                                 \
  X(MHD_create_response_from_buffer)                                                           \
  X(MHD_create_response_from_callback)                                                         \
  X(MHD_add_response_header)                                                                   \
  X(MHD_queue_response)                                                                        \
  X(MHD_destroy_response)                                                                      \
  X(MHD_suspend_connection)                                                                    \
  X(MHD_resume_connection)

/// The library's functions, filled by `web_server_load`.
typedef struct web_server_library {
#define WEB_SERVER_FIELD(name) __typeof__(name) *name;
  WEB_SERVER_FUNCTIONS(WEB_SERVER_FIELD)
#undef WEB_SERVER_FIELD
} web_server_library;

/// Loads libmicrohttpd.so.12 once; NULL, with the reason in `error`, when it cannot.
const web_server_library *web_server_load(char *error, size_t error_size);

/// What `web_server_start` listens with and enforces.
typedef struct web_server_limits {
  /// Most connections at once (`MHD_OPTION_CONNECTION_LIMIT`).
  unsigned int connections;
  /// Most connections from one address (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`).
  unsigned int connections_per_address;
  /// Memory of one connection: its request line, headers and buffered body
  /// (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
  size_t connection_memory;
  /// Seconds a connection may be idle (`MHD_OPTION_CONNECTION_TIMEOUT`).
  unsigned int idle_seconds;
} web_server_limits;

/// Starts a daemon on `address` (IPv4 or IPv6) with one internal polling thread (epoll or poll)
/// and suspendable connections, calling `handler` for every request and `completed` when one
/// ends. NULL when the library is not loaded or the daemon cannot start (errno is then set).
struct MHD_Daemon *web_server_start(
  const struct sockaddr *address, web_server_limits limits, MHD_AccessHandlerCallback handler,
  void *handler_context, MHD_RequestCompletedCallback completed, void *completed_context);

/// A response of unknown length whose bytes `reader` gives as they come (an event stream):
/// sent without chunked encoding, the connection closed at its end
/// (`MHD_RF_HTTP_1_0_COMPATIBLE_STRICT`), so each byte reaches the client as written. NULL when
/// the library is not loaded.
struct MHD_Response *web_server_stream_response(
  size_t block_size, MHD_ContentReaderCallback reader, void *reader_context,
  MHD_ContentReaderFreeCallback free_context);

/// The port a started daemon listens on (0 if unknown).
uint16_t web_server_port(struct MHD_Daemon *daemon);

#endif
