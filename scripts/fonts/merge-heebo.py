#!/usr/bin/python3
"""Heebo's Hebrew and Latin files as one variable font: src/app/fonts/heebo-hebrew-latin-wght.woff2.

Fontsource splits Heebo into files by script, each a face with its own unicode-range, so a line that mixes
Hebrew with digits or Latin is shaped with two fonts. Both files are subsets of one variable font (the same
axis, regions and glyph names), so they can be put back together: the Latin file is the base, and the Hebrew
file's glyphs, outlines, variations, advance-width variations, character map and mark positioning are added.

    /usr/bin/python3 scripts/fonts/merge-heebo.py   (Debian's python3-fonttools and python3-brotli)

It reads the files of the installed @fontsource-variable/heebo (its version is pinned in package.json) and
writes the same bytes for the same input.
"""

import copy
import os
import sys

from fontTools.ttLib import TTFont

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILES = os.path.join(ROOT, 'node_modules', '@fontsource-variable', 'heebo', 'files')
OUT = os.path.join(ROOT, 'src', 'app', 'fonts', 'heebo-hebrew-latin-wght.woff2')


def var_index_offset(obj, outer_offset, seen=None):
    """Shifts every VariationIndex device table under obj to the merged variation store's outer index."""
    if seen is None:
        seen = set()
    if obj is None or id(obj) in seen or isinstance(obj, (int, float, str, bytes)):
        return
    seen.add(id(obj))
    if type(obj).__name__ == 'Device' and getattr(obj, 'DeltaFormat', 0) == 0x8000:
        obj.StartSize += outer_offset
        return
    if isinstance(obj, (list, tuple)):
        for item in obj:
            var_index_offset(item, outer_offset, seen)
        return
    if isinstance(obj, dict):
        for item in obj.values():
            var_index_offset(item, outer_offset, seen)
        return
    if hasattr(obj, '__dict__'):
        for item in vars(obj).values():
            var_index_offset(item, outer_offset, seen)


def merged_order(first, second):
    """One glyph order that keeps each file's own: a lookup's coverage stays sorted by glyph id."""
    shared = [name for name in first if name in set(second)]
    if shared != [name for name in second if name in set(first)]:
        sys.exit('the files order their shared glyphs differently')
    order, i, j = [], 0, 0
    while i < len(first) or j < len(second):
        while j < len(second) and second[j] not in set(first):
            order.append(second[j])
            j += 1
        while i < len(first) and (j >= len(second) or first[i] != second[j]):
            order.append(first[i])
            i += 1
        if i < len(first) and j < len(second):
            order.append(first[i])
            i += 1
            j += 1
    return order


def merge():
    base = TTFont(os.path.join(FILES, 'heebo-latin-wght-normal.woff2'), recalcTimestamp=False)
    extra = TTFont(os.path.join(FILES, 'heebo-hebrew-wght-normal.woff2'))
    # Tables read later would map glyph ids to names by the new order: read all of both now.
    for font in (base, extra):
        font.ensureDecompiled()
        for name in font.getGlyphOrder():
            font['glyf'][name].expand(font['glyf'])
            font['gvar'].variations.get(name)
    for table in ('fvar', 'avar'):
        if base[table].compile(base) != extra[table].compile(extra):
            sys.exit(f'the files differ in {table}: not subsets of one font')
    regions = [
        [
            [(axis.StartCoord, axis.PeakCoord, axis.EndCoord) for axis in region.VarRegionAxis]
            for region in font[table].table.VarStore.VarRegionList.Region
        ]
        for table in ('HVAR', 'GDEF')
        for font in (base, extra)
    ]
    if regions[0] != regions[1] or regions[2] != regions[3]:
        sys.exit('the files differ in their variation regions')

    new_glyphs = [name for name in extra.getGlyphOrder() if name not in set(base.getGlyphOrder())]
    order = merged_order(base.getGlyphOrder(), extra.getGlyphOrder())

    # Outlines, their variations and advance widths.
    for name in new_glyphs:
        base['glyf'].glyphs[name] = extra['glyf'][name]
        base['hmtx'].metrics[name] = extra['hmtx'].metrics[name]
        if name in extra['gvar'].variations:
            base['gvar'].variations[name] = extra['gvar'].variations[name]
    base['glyf'].glyphOrder = order
    base.setGlyphOrder(order)

    # Advance-width variations: the Hebrew store's rows after the Latin's, the same regions.
    base_hvar, extra_hvar = base['HVAR'].table, extra['HVAR'].table
    outer_offset = len(base_hvar.VarStore.VarData)
    base_hvar.VarStore.VarData.extend(extra_hvar.VarStore.VarData)
    base_hvar.VarStore.VarDataCount = len(base_hvar.VarStore.VarData)
    for name in new_glyphs:
        index = extra_hvar.AdvWidthMap.mapping[name]
        base_hvar.AdvWidthMap.mapping[name] = ((index >> 16) + outer_offset) << 16 | (index & 0xFFFF)

    # Characters: the Hebrew file's where the Latin file has none.
    extra_map = extra.getBestCmap()
    for subtable in base['cmap'].tables:
        if subtable.isUnicode():
            for code, name in extra_map.items():
                if code not in subtable.cmap and (code <= 0xFFFF or subtable.format == 12):
                    subtable.cmap[code] = name

    # Mark positioning of Hebrew points: the Hebrew file's GPOS lookups, features and glyph classes added.
    base_gdef, extra_gdef = base['GDEF'].table, extra['GDEF'].table
    for name in new_glyphs:
        if name in extra_gdef.GlyphClassDef.classDefs:
            base_gdef.GlyphClassDef.classDefs[name] = extra_gdef.GlyphClassDef.classDefs[name]
    gdef_offset = len(base_gdef.VarStore.VarData)
    base_gdef.VarStore.VarData.extend(extra_gdef.VarStore.VarData)
    base_gdef.VarStore.VarDataCount = len(base_gdef.VarStore.VarData)
    base_gpos, extra_gpos = base['GPOS'].table, extra['GPOS'].table
    lookups = copy.deepcopy(extra_gpos.LookupList.Lookup)
    var_index_offset(lookups, gdef_offset)
    lookup_offset = len(base_gpos.LookupList.Lookup)
    base_gpos.LookupList.Lookup.extend(lookups)
    base_gpos.LookupList.LookupCount = len(base_gpos.LookupList.Lookup)
    feature_offset = len(base_gpos.FeatureList.FeatureRecord)
    for record in extra_gpos.FeatureList.FeatureRecord:
        record = copy.deepcopy(record)
        record.Feature.LookupListIndex = [index + lookup_offset for index in record.Feature.LookupListIndex]
        record.Feature.LookupCount = len(record.Feature.LookupListIndex)
        base_gpos.FeatureList.FeatureRecord.append(record)
    base_gpos.FeatureList.FeatureCount = len(base_gpos.FeatureList.FeatureRecord)
    extra_scripts = {record.ScriptTag: record.Script for record in extra_gpos.ScriptList.ScriptRecord}
    for record in base_gpos.ScriptList.ScriptRecord:
        source = extra_scripts.get(record.ScriptTag)
        if source is None or source.DefaultLangSys is None or record.Script.DefaultLangSys is None:
            continue
        added = [index + feature_offset for index in source.DefaultLangSys.FeatureIndex]
        record.Script.DefaultLangSys.FeatureIndex.extend(added)
        record.Script.DefaultLangSys.FeatureCount = len(record.Script.DefaultLangSys.FeatureIndex)

    base['maxp'].numGlyphs = len(order)
    base.flavor = 'woff2'
    os.makedirs(os.path.dirname(OUT), exist_ok=True)
    base.save(OUT, reorderTables=True)
    print(f'{OUT}: {len(order)} glyphs, {os.path.getsize(OUT)} bytes')


if __name__ == '__main__':
    merge()
