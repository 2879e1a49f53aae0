// SQLite from the system (Debian: libsqlite3-dev), for the host's durable state.
#include <sqlite3.h>
