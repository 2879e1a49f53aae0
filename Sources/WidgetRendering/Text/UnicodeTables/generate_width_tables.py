#!/usr/bin/env python3
"""Generates TextWidthTables.swift, the terminal-width tables TextWidth.swift searches.

Reads four files of the Unicode Character Database (Debian's `unicode-data` package installs
them under /usr/share/unicode) and writes sorted, merged ranges of code points that are

- two columns wide: East_Asian_Width W or F (EastAsianWidth.txt, with the defaults UAX #11
  gives unlisted code points) plus the code points that default to emoji presentation
  (emoji/emoji-data.txt): Emoji_Presentation=Yes, and the Extended_Pictographic code points
  still unassigned in this Unicode version (reserved for future emoji) in blocks whose assigned
  code points are all two columns wide (Blocks.txt), so that emoji newer than the data, such
  as Unicode 16's U+1FAE9 FACE WITH BAGS UNDER EYES, still measure two columns;
- zero columns wide: general categories Mn, Me and Cf (extracted/DerivedGeneralCategory.txt)
  except U+00AD SOFT HYPHEN, plus U+200B..U+200F, the Hangul medial vowels and final
  consonants (U+1160..U+11FF, U+D7B0..U+D7FF) and the variation selectors.

A code point in both sets (a few combining marks are East Asian Wide) counts as zero-width.

Usage, from the repository root:

    python3 Sources/WidgetRendering/Text/UnicodeTables/generate_width_tables.py

Python 3 standard library only. The output needs no further formatting: it is laid out the way
`swift format` lays it out, so `swift format lint --strict` passes on it as written.
"""

import argparse
import os
import re
import sys

SCRIPT_PATH = "Sources/WidgetRendering/Text/UnicodeTables/generate_width_tables.py"
UNICODE_DIR = "/usr/share/unicode"
MAX_CODE_POINT = 0x10FFFF
LINE_LENGTH = 100

# UAX #11: unassigned code points in these blocks and planes default to W. Unicode 15.1 and
# later also state this in @missing lines, which are honoured as well.
EAST_ASIAN_WIDE_DEFAULTS = [
    (0x3400, 0x4DBF),  # CJK Unified Ideographs Extension A
    (0x4E00, 0x9FFF),  # CJK Unified Ideographs
    (0xF900, 0xFAFF),  # CJK Compatibility Ideographs
    (0x20000, 0x2FFFD),  # Plane 2
    (0x30000, 0x3FFFD),  # Plane 3
]

ZERO_WIDTH_CATEGORIES = {"Mn", "Me", "Cf"}
SOFT_HYPHEN = 0x00AD
EXTRA_ZERO_WIDTH = [
    (0x200B, 0x200F),  # zero width space, (non-)joiner, left-to-right and right-to-left marks
    (0x1160, 0x11FF),  # Hangul Jamo medial vowels (jungseong) and final consonants (jongseong)
    (0xD7B0, 0xD7FF),  # Hangul Jamo Extended-B medial vowels and final consonants
    (0x180B, 0x180D),  # Mongolian free variation selectors one to three
    (0x180F, 0x180F),  # Mongolian free variation selector four
    (0xFE00, 0xFE0F),  # variation selectors 1-16
    (0xE0100, 0xE01EF),  # variation selectors 17-256
]


def parse_code_points(field):
    """'0041' or '0041..005A' -> (first, last)."""
    first, _, last = field.strip().partition("..")
    return int(first, 16), int(last or first, 16)


def data_lines(path):
    """(code point range, fields) for each data line of a UCD-style file."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            content = line.split("#", 1)[0].strip()
            if not content:
                continue
            fields = [field.strip() for field in content.split(";")]
            yield parse_code_points(fields[0]), fields[1:]


def missing_lines(path):
    """(code point range, value) for each '# @missing:' line."""
    with open(path, encoding="utf-8") as file:
        for line in file:
            match = re.match(r"#\s*@missing:\s*([0-9A-Fa-f.]+)\s*;\s*(\S+)", line)
            if match:
                yield parse_code_points(match.group(1)), match.group(2)


def file_version(path):
    """The Unicode version a data file names in its header, such as '15.0.0'."""
    with open(path, encoding="utf-8") as file:
        header = "".join(file.readline() for _ in range(12))
    match = re.search(r"-(\d+\.\d+\.\d+)\.txt", header) or re.search(
        r"Version (\d+\.\d+(?:\.\d+)?)", header
    )
    if not match:
        sys.exit(f"error: no Unicode version in the header of {path}")
    version = match.group(1)
    return version if version.count(".") == 2 else version + ".0"


def assigned_code_points(general_category_path):
    assigned = bytearray(MAX_CODE_POINT + 1)
    for (first, last), fields in data_lines(general_category_path):
        if fields[0] != "Cn":
            assigned[first : last + 1] = b"\x01" * (last - first + 1)
    return assigned


def blocks(blocks_path):
    """(first, last) of each block in Blocks.txt."""
    return [code_points for code_points, _ in data_lines(blocks_path)]


def wide_code_points(east_asian_width_path, emoji_data_path, assigned, block_ranges):
    wide = bytearray(MAX_CODE_POINT + 1)
    for first, last in EAST_ASIAN_WIDE_DEFAULTS:
        wide[first : last + 1] = b"\x01" * (last - first + 1)
    for (first, last), value in missing_lines(east_asian_width_path):
        if (first, last) != (0, MAX_CODE_POINT):
            flag = b"\x01" if value in ("W", "Wide", "F", "Fullwidth") else b"\x00"
            wide[first : last + 1] = flag * (last - first + 1)
    for (first, last), fields in data_lines(east_asian_width_path):
        flag = b"\x01" if fields[0] in ("W", "F") else b"\x00"
        wide[first : last + 1] = flag * (last - first + 1)
    emoji_presentation = 0
    reserved_pictographs = []
    for (first, last), fields in data_lines(emoji_data_path):
        if fields[0] == "Emoji_Presentation":
            emoji_presentation += last - first + 1
            wide[first : last + 1] = b"\x01" * (last - first + 1)
        elif fields[0] == "Extended_Pictographic":
            reserved_pictographs += [c for c in range(first, last + 1) if not assigned[c]]
    if emoji_presentation == 0:
        sys.exit(f"error: no Emoji_Presentation code points in {emoji_data_path}")
    # Future emoji: reserved pictographs in blocks of wide characters only. Elsewhere (arrows,
    # alchemical symbols, playing cards) new characters are usually text, one column wide.
    wide_blocks = [
        (first, last)
        for first, last in block_ranges
        if all(wide[c] for c in range(first, last + 1) if assigned[c])
    ]
    for code_point in reserved_pictographs:
        if any(first <= code_point <= last for first, last in wide_blocks):
            wide[code_point] = 1
    return wide


def zero_width_code_points(general_category_path):
    zero = bytearray(MAX_CODE_POINT + 1)
    for (first, last), fields in data_lines(general_category_path):
        if fields[0] in ZERO_WIDTH_CATEGORIES:
            zero[first : last + 1] = b"\x01" * (last - first + 1)
    zero[SOFT_HYPHEN] = 0
    for first, last in EXTRA_ZERO_WIDTH:
        zero[first : last + 1] = b"\x01" * (last - first + 1)
    return zero


def ranges(flags):
    """Sorted, merged (first, last) ranges of the code points whose flag is set."""
    result = []
    start = None
    for code_point, flag in enumerate(flags):
        if flag and start is None:
            start = code_point
        elif not flag and start is not None:
            result.append((start, code_point - 1))
            start = None
    if start is not None:
        result.append((start, len(flags) - 1))
    return result


def swift_array(name, documentation, table):
    """A `static let` array of ranges, packed into lines the way `swift format` packs them."""
    lines = [f"  /// {line}" for line in documentation]
    lines.append(f"  static let {name}: [ClosedRange<UInt32>] = [")
    indent = "    "
    current = indent
    for first, last in table:
        element = f"0x{first:04X}...0x{last:04X},"
        candidate = element if current == indent else " " + element
        if len(current) + len(candidate) > LINE_LENGTH:
            lines.append(current)
            current = indent + element
        else:
            current += candidate
    lines.append(current)
    lines.append("  ]")
    return lines


def swift_source(version, wide, zero):
    lines = [
        "// This file is generated. Do not edit it; edit and rerun the script instead:",
        f"//     python3 {SCRIPT_PATH}",
        f"// Generated from Unicode {version} data (Debian's unicode-data package):",
        "// EastAsianWidth.txt, emoji/emoji-data.txt, extracted/DerivedGeneralCategory.txt and",
        "// Blocks.txt.",
        "",
        f"/// Terminal column widths of code points (Unicode {version}), for ``TextWidth``: sorted,",
        "/// non-overlapping, non-adjacent ranges, searched by binary search.",
        "enum TextWidthTables {",
        "  /// The Unicode version of the tables.",
        f'  static let unicodeVersion = "{version}"',
        "",
    ]
    lines += swift_array(
        "wide",
        [
            "Code points two columns wide: East_Asian_Width W or F, Emoji_Presentation=Yes, and",
            "unassigned Extended_Pictographic code points (future emoji) in blocks of wide",
            f"characters ({len(wide)} ranges).",
        ],
        wide,
    )
    lines.append("")
    lines += swift_array(
        "zeroWidth",
        [
            "Code points zero columns wide: general categories Mn, Me, Cf but U+00AD SOFT HYPHEN,",
            "U+200B...U+200F, Hangul medial vowels and final consonants, variation selectors",
            f"({len(zero)} ranges).",
        ],
        zero,
    )
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument(
        "--east-asian-width",
        default=os.path.join(UNICODE_DIR, "EastAsianWidth.txt"),
        help="EastAsianWidth.txt (default: %(default)s)",
    )
    parser.add_argument(
        "--emoji-data",
        default=os.path.join(UNICODE_DIR, "emoji", "emoji-data.txt"),
        help="emoji-data.txt (default: %(default)s)",
    )
    parser.add_argument(
        "--general-category",
        default=os.path.join(UNICODE_DIR, "extracted", "DerivedGeneralCategory.txt"),
        help="DerivedGeneralCategory.txt (default: %(default)s)",
    )
    parser.add_argument(
        "--blocks",
        default=os.path.join(UNICODE_DIR, "Blocks.txt"),
        help="Blocks.txt (default: %(default)s)",
    )
    parser.add_argument(
        "--output",
        default=os.path.join(here, "TextWidthTables.swift"),
        help="the Swift file to write (default: TextWidthTables.swift next to this script)",
    )
    args = parser.parse_args()

    for path in (args.east_asian_width, args.emoji_data, args.general_category, args.blocks):
        if not os.path.isfile(path):
            sys.exit(f"error: {path} not found (apt-get install unicode-data)")
    version = file_version(args.east_asian_width)
    category_version = file_version(args.general_category)
    blocks_version = file_version(args.blocks)
    emoji_version = file_version(args.emoji_data)
    if (
        category_version != version
        or blocks_version != version
        or emoji_version.rsplit(".", 1)[0] != version.rsplit(".", 1)[0]
    ):
        sys.exit(
            f"error: the data files disagree on the Unicode version: EastAsianWidth {version}, "
            f"DerivedGeneralCategory {category_version}, Blocks {blocks_version}, "
            f"emoji-data {emoji_version}"
        )

    assigned = assigned_code_points(args.general_category)
    wide_flags = wide_code_points(
        args.east_asian_width, args.emoji_data, assigned, blocks(args.blocks)
    )
    zero_flags = zero_width_code_points(args.general_category)
    for code_point, zero in enumerate(zero_flags):
        if zero:
            wide_flags[code_point] = 0
    wide = ranges(wide_flags)
    zero = ranges(zero_flags)

    source = swift_source(version, wide, zero)
    with open(args.output, "w", encoding="utf-8") as file:
        file.write(source)
    print(
        f"wrote {args.output}: Unicode {version}, {len(wide)} wide ranges, "
        f"{len(zero)} zero-width ranges"
    )


if __name__ == "__main__":
    main()
