// The C libraries the pixel renderer draws with — Cairo, Pango (over HarfBuzz, FreeType and
// fontconfig), GdkPixbuf and librsvg — loaded with dlopen on first use, never linked into the
// host: a host that draws no pixels starts without mapping a single one of them, and one that
// decodes no JPEG, GIF or SVG never maps GdkPixbuf or librsvg (docs/rendering.md, "Start-up").
//
// Each function is declared here with the types of its library's own header (object types are
// the headers' opaque structs, enumerations are int), as a field of one table that
// `pixel_libraries_load` fills. Tests/PixelLibrariesCheck compiles this header together with
// the libraries' real headers (Cairo's through the CCairo system-library target), so a
// declaration here that disagrees with a library fails the build.
#ifndef PIXEL_LIBRARIES_H
#define PIXEL_LIBRARIES_H

#include <stddef.h>
#include <stdint.h>

typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;
typedef struct _cairo_font_options cairo_font_options_t;
typedef struct _cairo_pattern cairo_pattern_t;
typedef struct _PangoContext PangoContext;
typedef struct _PangoFontMap PangoFontMap;
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoLayoutIter PangoLayoutIter;
typedef struct _PangoAttrList PangoAttrList;
typedef struct _PangoFontDescription PangoFontDescription;
typedef struct _GdkPixbuf GdkPixbuf;
typedef struct _RsvgHandle RsvgHandle;

// Enumerations are int here, their own types where the real headers are included (the check).
#ifdef PIXEL_LIBRARIES_REAL_HEADERS
#define PIXEL_ENUM(type) type
#else
#define PIXEL_ENUM(type) int

/// An attribute's header (pango-attributes.h): the byte range it applies to.
typedef struct _PangoAttribute {
  const void *klass;
  unsigned int start_index;
  unsigned int end_index;
} PangoAttribute;

/// A rectangle in Pango units (1/1024 of a point here).
typedef struct _PangoRectangle {
  int x;
  int y;
  int width;
  int height;
} PangoRectangle;

/// A GLib error: what failed, as a message.
typedef struct _GError {
  uint32_t domain;
  int code;
  char *message;
} GError;

/// One element of a Cairo path: a header (its type, and its length in elements, itself
/// included) followed by that many points (cairo.h).
typedef union _cairo_path_data_t {
  struct {
    int type;
    int length;
  } header;
  struct {
    double x;
    double y;
  } point;
} cairo_path_data_t;

/// A copy of a Cairo path (cairo.h): `num_data` elements.
typedef struct cairo_path {
  int status;
  cairo_path_data_t *data;
  int num_data;
} cairo_path_t;

/// An affine transformation (cairo.h): x' = xx x + xy y + x0, y' = yx x + yy y + y0.
typedef struct _cairo_matrix {
  double xx;
  double yx;
  double xy;
  double yy;
  double x0;
  double y0;
} cairo_matrix_t;

/// A rectangle in user units (librsvg).
typedef struct {
  double x;
  double y;
  double width;
  double height;
} RsvgRectangle;
#endif

/// Cairo's stream callbacks: 0 (CAIRO_STATUS_SUCCESS) when the bytes were taken or given.
typedef PIXEL_ENUM(cairo_status_t) (*pixel_write_func)(void *closure, const unsigned char *data, unsigned int length);
typedef PIXEL_ENUM(cairo_status_t) (*pixel_read_func)(void *closure, unsigned char *data, unsigned int length);

// X(library, return type, name, parameters): every function the renderer calls.
#define PIXEL_LIBRARY_FUNCTIONS(X)                                                              \
  X(cairo, cairo_surface_t *, cairo_image_surface_create, (PIXEL_ENUM(cairo_format_t) format, int width, int height))  \
  X(cairo, cairo_surface_t *, cairo_image_surface_create_for_data,                              \
    (unsigned char *data, PIXEL_ENUM(cairo_format_t) format, int width, int height, int stride))                       \
  X(cairo, cairo_surface_t *, cairo_image_surface_create_from_png, (const char *filename))      \
  X(cairo, cairo_surface_t *, cairo_image_surface_create_from_png_stream,                        \
    (pixel_read_func read_func, void *closure))                                                 \
  X(cairo, unsigned char *, cairo_image_surface_get_data, (cairo_surface_t *surface))           \
  X(cairo, int, cairo_image_surface_get_stride, (cairo_surface_t *surface))                     \
  X(cairo, int, cairo_image_surface_get_width, (cairo_surface_t *surface))                      \
  X(cairo, int, cairo_image_surface_get_height, (cairo_surface_t *surface))                     \
  X(cairo, cairo_surface_t *, cairo_svg_surface_create_for_stream,                              \
    (pixel_write_func write_func, void *closure, double width, double height))                  \
  X(cairo, PIXEL_ENUM(cairo_status_t), cairo_surface_write_to_png_stream,                                              \
    (cairo_surface_t *surface, pixel_write_func write_func, void *closure))                     \
  X(cairo, PIXEL_ENUM(cairo_status_t), cairo_surface_status, (cairo_surface_t *surface))                               \
  X(cairo, void, cairo_surface_flush, (cairo_surface_t *surface))                               \
  X(cairo, void, cairo_surface_mark_dirty, (cairo_surface_t *surface))                          \
  X(cairo, void, cairo_surface_finish, (cairo_surface_t *surface))                              \
  X(cairo, void, cairo_surface_destroy, (cairo_surface_t *surface))                             \
  X(cairo, cairo_t *, cairo_create, (cairo_surface_t *target))                                  \
  X(cairo, void, cairo_destroy, (cairo_t *cr))                                                  \
  X(cairo, PIXEL_ENUM(cairo_status_t), cairo_status, (cairo_t *cr))                                                    \
  X(cairo, void, cairo_save, (cairo_t *cr))                                                     \
  X(cairo, void, cairo_restore, (cairo_t *cr))                                                  \
  X(cairo, void, cairo_scale, (cairo_t *cr, double sx, double sy))                              \
  X(cairo, void, cairo_translate, (cairo_t *cr, double tx, double ty))                          \
  X(cairo, void, cairo_rotate, (cairo_t *cr, double angle))                                     \
  X(cairo, void, cairo_set_source_rgba,                                                         \
    (cairo_t *cr, double red, double green, double blue, double alpha))                         \
  X(cairo, void, cairo_set_source_surface,                                                      \
    (cairo_t *cr, cairo_surface_t *surface, double x, double y))                                \
  X(cairo, cairo_pattern_t *, cairo_get_source, (cairo_t *cr))                                  \
  X(cairo, void, cairo_pattern_set_filter, (cairo_pattern_t *pattern, PIXEL_ENUM(cairo_filter_t) filter))              \
  X(cairo, void, cairo_set_operator, (cairo_t *cr, PIXEL_ENUM(cairo_operator_t) op))                                     \
  X(cairo, void, cairo_set_line_width, (cairo_t *cr, double width))                             \
  X(cairo, void, cairo_set_line_cap, (cairo_t *cr, PIXEL_ENUM(cairo_line_cap_t) line_cap))       \
  X(cairo, void, cairo_set_line_join, (cairo_t *cr, PIXEL_ENUM(cairo_line_join_t) line_join))    \
  X(cairo, void, cairo_set_miter_limit, (cairo_t *cr, double limit))                            \
  X(cairo, cairo_path_t *, cairo_copy_path_flat, (cairo_t *cr))                                 \
  X(cairo, void, cairo_path_destroy, (cairo_path_t *path))                                      \
  X(cairo, void, cairo_set_dash, (cairo_t *cr, const double *dashes, int num_dashes, double offset)) \
  X(cairo, void, cairo_new_path, (cairo_t *cr))                                                 \
  X(cairo, void, cairo_move_to, (cairo_t *cr, double x, double y))                              \
  X(cairo, void, cairo_line_to, (cairo_t *cr, double x, double y))                              \
  X(cairo, void, cairo_curve_to,                                                                \
    (cairo_t *cr, double x1, double y1, double x2, double y2, double x3, double y3))            \
  X(cairo, void, cairo_arc,                                                                     \
    (cairo_t *cr, double xc, double yc, double radius, double angle1, double angle2))           \
  X(cairo, void, cairo_close_path, (cairo_t *cr))                                               \
  X(cairo, void, cairo_rectangle, (cairo_t *cr, double x, double y, double width, double height)) \
  X(cairo, void, cairo_fill, (cairo_t *cr))                                                     \
  X(cairo, void, cairo_stroke, (cairo_t *cr))                                                   \
  X(cairo, void, cairo_clip, (cairo_t *cr))                                                     \
  X(cairo, void, cairo_paint, (cairo_t *cr))                                                    \
  X(cairo, void, cairo_paint_with_alpha, (cairo_t *cr, double alpha))                           \
  X(cairo, void, cairo_push_group, (cairo_t *cr))                                               \
  X(cairo, void, cairo_pop_group_to_source, (cairo_t *cr))                                      \
  X(cairo, cairo_pattern_t *, cairo_pop_group, (cairo_t *cr))                                   \
  X(cairo, void, cairo_mask, (cairo_t *cr, cairo_pattern_t *pattern))                           \
  X(cairo, void, cairo_pattern_destroy, (cairo_pattern_t *pattern))                             \
  X(cairo, void, cairo_set_source, (cairo_t *cr, cairo_pattern_t *source))                      \
  X(cairo, cairo_pattern_t *, cairo_pattern_create_linear,                                       \
    (double x0, double y0, double x1, double y1))                                               \
  X(cairo, cairo_pattern_t *, cairo_pattern_create_radial,                                       \
    (double cx0, double cy0, double radius0, double cx1, double cy1, double radius1))           \
  X(cairo, void, cairo_pattern_add_color_stop_rgba,                                             \
    (cairo_pattern_t *pattern, double offset, double red, double green, double blue,            \
     double alpha))                                                                             \
  X(cairo, void, cairo_pattern_set_extend, (cairo_pattern_t *pattern, PIXEL_ENUM(cairo_extend_t) extend)) \
  X(cairo, void, cairo_pattern_set_matrix, (cairo_pattern_t *pattern, const cairo_matrix_t *matrix)) \
  X(cairo, cairo_pattern_t *, cairo_pattern_create_mesh, (void))                                 \
  X(cairo, void, cairo_mesh_pattern_begin_patch, (cairo_pattern_t *pattern))                   \
  X(cairo, void, cairo_mesh_pattern_end_patch, (cairo_pattern_t *pattern))                     \
  X(cairo, void, cairo_mesh_pattern_move_to, (cairo_pattern_t *pattern, double x, double y))   \
  X(cairo, void, cairo_mesh_pattern_line_to, (cairo_pattern_t *pattern, double x, double y))   \
  X(cairo, void, cairo_mesh_pattern_set_corner_color_rgba,                                      \
    (cairo_pattern_t *pattern, unsigned int corner_num, double red, double green, double blue,  \
     double alpha))                                                                             \
  X(cairo, cairo_font_options_t *, cairo_font_options_create, (void))                           \
  X(cairo, void, cairo_font_options_destroy, (cairo_font_options_t *options))                   \
  X(cairo, void, cairo_font_options_set_hint_metrics, (cairo_font_options_t *options, PIXEL_ENUM(cairo_hint_metrics_t) hint)) \
  X(cairo, void, cairo_font_options_set_hint_style, (cairo_font_options_t *options, PIXEL_ENUM(cairo_hint_style_t) style))  \
  X(cairo, void, cairo_font_options_set_antialias, (cairo_font_options_t *options, PIXEL_ENUM(cairo_antialias_t) aa))       \
  X(pangocairo, PangoFontMap *, pango_cairo_font_map_new, (void))                               \
  X(pango, PangoContext *, pango_font_map_create_context, (PangoFontMap *fontmap))              \
  X(pangocairo, void, pango_cairo_context_set_resolution, (PangoContext *context, double dpi))  \
  X(pangocairo, void, pango_cairo_context_set_font_options,                                     \
    (PangoContext *context, const cairo_font_options_t *options))                               \
  X(pango, void, pango_context_set_round_glyph_positions, (PangoContext *context, int round))    \
  X(pango, PangoLayout *, pango_layout_new, (PangoContext *context))                            \
  X(pango, void, pango_layout_set_text, (PangoLayout *layout, const char *text, int length))    \
  X(pango, void, pango_layout_set_attributes, (PangoLayout *layout, PangoAttrList *attrs))      \
  X(pango, void, pango_layout_set_font_description,                                             \
    (PangoLayout *layout, const PangoFontDescription *desc))                                    \
  X(pango, void, pango_layout_set_width, (PangoLayout *layout, int width))                      \
  X(pango, void, pango_layout_set_height, (PangoLayout *layout, int height))                    \
  X(pango, void, pango_layout_set_wrap, (PangoLayout *layout, PIXEL_ENUM(PangoWrapMode) wrap))                        \
  X(pango, void, pango_layout_set_ellipsize, (PangoLayout *layout, PIXEL_ENUM(PangoEllipsizeMode) ellipsize))              \
  X(pango, void, pango_layout_set_alignment, (PangoLayout *layout, PIXEL_ENUM(PangoAlignment) alignment))              \
  X(pango, void, pango_layout_get_extents,                                                      \
    (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect))              \
  X(pango, int, pango_layout_get_line_count, (PangoLayout *layout))                             \
  X(pango, int, pango_layout_get_unknown_glyphs_count, (PangoLayout *layout))                   \
  X(pango, int, pango_layout_is_ellipsized, (PangoLayout *layout))                              \
  X(pango, PangoLayoutIter *, pango_layout_get_iter, (PangoLayout *layout))                     \
  X(pango, int, pango_layout_iter_next_line, (PangoLayoutIter *iter))                           \
  X(pango, int, pango_layout_iter_get_baseline, (PangoLayoutIter *iter))                        \
  X(pango, void, pango_layout_iter_get_line_extents,                                            \
    (PangoLayoutIter *iter, PangoRectangle *ink_rect, PangoRectangle *logical_rect))            \
  X(pango, void, pango_layout_iter_free, (PangoLayoutIter *iter))                               \
  X(pango, PangoAttrList *, pango_attr_list_new, (void))                                        \
  X(pango, void, pango_attr_list_unref, (PangoAttrList *list))                                  \
  X(pango, void, pango_attr_list_insert, (PangoAttrList *list, PangoAttribute *attr))           \
  X(pango, PangoAttrList *, pango_attr_list_copy, (PangoAttrList *list))                        \
  X(pango, PangoAttribute *, pango_attr_scale_new, (double scale_factor))                       \
  X(pango, PangoAttribute *, pango_attr_family_new, (const char *family))                       \
  X(pango, PangoAttribute *, pango_attr_size_new, (int size))                                   \
  X(pango, PangoAttribute *, pango_attr_weight_new, (PIXEL_ENUM(PangoWeight) weight))                               \
  X(pango, PangoAttribute *, pango_attr_style_new, (PIXEL_ENUM(PangoStyle) style))                                 \
  X(pango, PangoAttribute *, pango_attr_underline_new, (PIXEL_ENUM(PangoUnderline) underline))                         \
  X(pango, PangoAttribute *, pango_attr_strikethrough_new, (int strikethrough))                 \
  X(pango, PangoAttribute *, pango_attr_foreground_new,                                         \
    (uint16_t red, uint16_t green, uint16_t blue))                                              \
  X(pango, PangoAttribute *, pango_attr_foreground_alpha_new, (uint16_t alpha))                 \
  X(pango, PangoAttribute *, pango_attr_letter_spacing_new, (int letter_spacing))               \
  X(pango, PangoAttribute *, pango_attr_insert_hyphens_new, (int insert_hyphens))              \
  X(pango, PangoFontDescription *, pango_font_description_new, (void))                          \
  X(pango, void, pango_font_description_set_family,                                             \
    (PangoFontDescription *desc, const char *family))                                           \
  X(pango, void, pango_font_description_set_size, (PangoFontDescription *desc, int size))       \
  X(pango, void, pango_font_description_free, (PangoFontDescription *desc))                     \
  X(pangocairo, void, pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout))              \
  X(gobject, void, g_object_unref, (void *object))                                              \
  X(glib, void, g_error_free, (GError *error))                                                  \
  X(gdkpixbuf, GdkPixbuf *, gdk_pixbuf_new_from_file, (const char *filename, GError **error))   \
  X(gdkpixbuf, int, gdk_pixbuf_get_width, (const GdkPixbuf *pixbuf))                            \
  X(gdkpixbuf, int, gdk_pixbuf_get_height, (const GdkPixbuf *pixbuf))                           \
  X(gdkpixbuf, int, gdk_pixbuf_get_rowstride, (const GdkPixbuf *pixbuf))                        \
  X(gdkpixbuf, int, gdk_pixbuf_get_n_channels, (const GdkPixbuf *pixbuf))                       \
  X(gdkpixbuf, int, gdk_pixbuf_get_has_alpha, (const GdkPixbuf *pixbuf))                        \
  X(gdkpixbuf, unsigned char *, gdk_pixbuf_get_pixels, (const GdkPixbuf *pixbuf))               \
  X(rsvg, RsvgHandle *, rsvg_handle_new_from_file, (const char *filename, GError **error))      \
  X(rsvg, int, rsvg_handle_get_intrinsic_size_in_pixels,                                        \
    (RsvgHandle *handle, double *out_width, double *out_height))                                \
  X(rsvg, int, rsvg_handle_render_document,                                                     \
    (RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport, GError **error))

#define PIXEL_LIBRARY_FIELD(library, result, name, parameters) result(*name) parameters;

/// The loaded functions, one field per function, named as the function.
typedef struct pixel_libraries {
  PIXEL_LIBRARY_FUNCTIONS(PIXEL_LIBRARY_FIELD)
} pixel_libraries;

#undef PIXEL_LIBRARY_FIELD

/// Loads the drawing libraries (Cairo, Pango, GLib) and their functions, once per process (later
/// calls return the same table, or fail the same way); the image functions (GdkPixbuf's and
/// librsvg's) stay NULL until `pixel_libraries_load_images`. Thread-safe. Returns NULL when a
/// library or a function is missing, with a one-line message naming it in `error` (at most
/// `error_size` bytes, with its terminating NUL).
const pixel_libraries *pixel_libraries_load(char *error, size_t error_size);

/// Loads the drawing libraries and then the image libraries (GdkPixbuf, librsvg, which bring
/// libxml2, ICU and the shared C++ library), once per process: the same table, every function
/// filled. Thread-safe; fails as `pixel_libraries_load` does.
const pixel_libraries *pixel_libraries_load_images(char *error, size_t error_size);

#endif
