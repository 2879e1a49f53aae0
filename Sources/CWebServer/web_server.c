#include "web_server.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// Debian's libmicrohttpd12.
static const char library_name[] = "libmicrohttpd.so.12";

static web_server_library table;
// Not fields of the table: they are variadic, and only called here.
static __typeof__(MHD_start_daemon) *start_daemon;
static __typeof__(MHD_set_response_options) *set_response_options;
static const web_server_library *loaded;
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
  void *handle = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
  if (handle == NULL) {
    const char *reason = dlerror();
    snprintf(failure, sizeof failure, "cannot load %s (%s)", library_name,
             reason ? reason : "no reason given");
    return;
  }
#define WEB_SERVER_LOAD(name)                                                                  \
  {                                                                                            \
    void *symbol = dlsym(handle, #name);                                                       \
    if (symbol == NULL) {                                                                      \
      snprintf(failure, sizeof failure, "%s has no function %s", library_name, #name);         \
      return;                                                                                  \
    }                                                                                          \
    memcpy(&table.name, &symbol, sizeof symbol);                                               \
  }
  WEB_SERVER_FUNCTIONS(WEB_SERVER_LOAD)
#undef WEB_SERVER_LOAD
  void *start = dlsym(handle, "MHD_start_daemon");
  void *options = dlsym(handle, "MHD_set_response_options");
  if (start == NULL || options == NULL) {
    snprintf(failure, sizeof failure, "%s has no function %s", library_name,
             start == NULL ? "MHD_start_daemon" : "MHD_set_response_options");
    return;
  }
  memcpy(&start_daemon, &start, sizeof start);
  memcpy(&set_response_options, &options, sizeof options);
  loaded = &table;
}

const web_server_library *web_server_load(char *error, size_t error_size) {
  pthread_once(&once, load);
  if (loaded == NULL && error != NULL && error_size > 0) snprintf(error, error_size, "%s", failure);
  return loaded;
}

struct MHD_Daemon *web_server_start(
  const struct sockaddr *address, web_server_limits limits, MHD_AccessHandlerCallback handler,
  void *handler_context, MHD_RequestCompletedCallback completed, void *completed_context) {
  if (web_server_load(NULL, 0) == NULL) {
    errno = ENOSYS;
    return NULL;
  }
  unsigned int flags = MHD_USE_AUTO_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME;
  if (address->sa_family == AF_INET6) flags |= MHD_USE_IPv6;
  return start_daemon(
    flags, 0, NULL, NULL, handler, handler_context,
    MHD_OPTION_SOCK_ADDR, address,
    MHD_OPTION_CONNECTION_LIMIT, limits.connections,
    MHD_OPTION_PER_IP_CONNECTION_LIMIT, limits.connections_per_address,
    MHD_OPTION_CONNECTION_MEMORY_LIMIT, limits.connection_memory,
    MHD_OPTION_CONNECTION_TIMEOUT, limits.idle_seconds,
    MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
    MHD_OPTION_END);
}

struct MHD_Response *web_server_stream_response(
  size_t block_size, MHD_ContentReaderCallback reader, void *reader_context,
  MHD_ContentReaderFreeCallback free_context) {
  if (web_server_load(NULL, 0) == NULL) return NULL;
  struct MHD_Response *response = table.MHD_create_response_from_callback(
    MHD_SIZE_UNKNOWN, block_size, reader, reader_context, free_context);
  if (response == NULL) return NULL;
  if (set_response_options(response, MHD_RF_HTTP_1_0_COMPATIBLE_STRICT, MHD_RO_END) != MHD_YES) {
    table.MHD_destroy_response(response);
    return NULL;
  }
  return response;
}

uint16_t web_server_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = table.MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
