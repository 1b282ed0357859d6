#!/usr/bin/env python3
"""Writes the schema-set fixtures the TypeScript generator tests read, by the rules of docs/schema.md (type order,
canonical text, fingerprints), from the C# contracts transcribed below. A stand-in until `pack schema export` (issue 26)
can produce them from the assemblies; the fingerprints are computed here independently of the C# generator, which
checks them."""
import hashlib, json, sys

WIDTH = {'bool':1,'u8':1,'i8':1,'u16':2,'i16':2,'char':2,'u32':4,'i32':4,'u64':8,'i64':8,'u128':16,'i128':16,
         'f16':2,'f32':4,'f64':8,'decimal':16,'guid':16,'datetime':8,'datetimeoffset':10,'timespan':8,'dateonly':4,'timeonly':8}

def schema(root, named, annotations=None):
    """annotations: {(type key, member name): nullability} (docs/schema.md §1.4), as C# declares the members."""
    annotations = annotations or {}
    types, index = [], {}
    def key(t):
        return json.dumps(t)
    def visit(t):
        k = key(t)
        if k in index: return index[k]
        i = len(types); index[k] = i; entry = {}; types.append(entry)
        if isinstance(t, str) and t in WIDTH or t == 'string':
            entry.update(kind='primitive', primitive=t, nullable=(t == 'string'))
            if t != 'string': entry['width'] = WIDTH[t]
            if t[0] in 'iu' and t[1:].isdigit() or t in ('u8','i8'): entry['signed'] = t[0] == 'i'
        elif isinstance(t, str):
            d = named[t]
            kind = d['kind']
            entry.update(kind=kind, name=d['full'])
            if kind == 'object':
                entry['nullable'] = d.get('nullable', True); entry['members'] = []
                for m in d['members']:
                    mm = {'name': m[0], 'type': visit(m[1])}
                    if len(m) > 2: mm['default'] = m[2]
                    if (t, m[0]) in annotations: mm['nullability'] = annotations[(t, m[0])]
                    entry['members'].append(mm)
            elif kind == 'frozen-struct':
                entry['nullable'] = False; entry['members'] = [{'name': m[0], 'type': visit(m[1])} for m in d['members']]
                entry['width'] = sum(WIDTH[m[1]] if m[1] in WIDTH else named[m[1]]['width'] for m in d['members'])
                d['width'] = entry['width']
            elif kind == 'enum':
                entry['nullable'] = False; entry['underlying'] = visit(d['underlying'])
                entry['values'] = sorted(({'name': n, 'value': str(v)} for n, v in d['values']), key=lambda x: (int(x['value']), x['name']))
            elif kind == 'union':
                entry['nullable'] = True; entry['cases'] = [{'tag': tag, 'type': visit(c)} for tag, c in sorted(d['cases'])]
        else:
            kind = t[0]
            if kind == 'nullable': entry.update(kind='nullable', nullable=True, element=visit(t[1]))
            elif kind in ('list', 'memory'): entry.update(kind='list', nullable=(kind == 'list'), element=visit(t[1]))
            elif kind == 'set': entry.update(kind='set', nullable=True, element=visit(t[1]))
            elif kind == 'map':
                entry.update(kind='map', nullable=True); entry['key'] = visit(t[1]); entry['value'] = visit(t[2])
        return i
    visit(root)
    return {'format': 'pack-schema/1', 'types': types}

def canonical(v):
    return json.dumps(v, sort_keys=True, separators=(',', ':'), ensure_ascii=False)

def strip(v):
    if isinstance(v, dict): return {k: strip(x) for k, x in v.items() if k not in ('name', 'default', 'nullability')}
    if isinstance(v, list): return [strip(x) for x in v]
    return v

def fp(text): return hashlib.sha256(text.encode('utf-8')).hexdigest()[:16]

def label(t, named):
    if isinstance(t, str): return named[t]['full'] if t in named else t
    if t[0] == 'map': return f"map<{label(t[1], named)},{label(t[2], named)}>"
    return f"{'list' if t[0] == 'memory' else t[0]}<{label(t[1], named)}>"

def schema_set(roots, named, annotations=None):
    out = []
    for r in roots:
        s = schema(r, named, annotations)
        out.append({'type': label(r, named), 'wire': fp(canonical(strip(s))), 'contract': fp(canonical(s)), 'schema': s})
    out.sort(key=lambda e: e['type'])
    return {'format': 'pack-schema-set/1', 'schemas': out}

NS = 'Pack.Samples.Contracts.'
def sample(previous_shipment=False, order_extra=False):
    named = {
        'Order': {'kind': 'object', 'full': NS + 'Order', 'members': [('Id', 'i32'), ('Customer', 'string', ''), ('Status', 'OrderStatus'),
                  ('Lines', ('list', 'OrderLine'), []), ('Total', 'decimal'), ('CreatedAt', 'datetimeoffset')] + ([('Note', 'string', 'none')] if order_extra else [])},
        'OrderStatus': {'kind': 'enum', 'full': NS + 'OrderStatus', 'underlying': 'i32', 'values': [('Pending', 0), ('Paid', 1), ('Shipped', 2), ('Cancelled', 3)]},
        'OrderLine': {'kind': 'object', 'full': NS + 'OrderLine', 'members': [('Sku', 'string', ''), ('Quantity', 'i32'), ('UnitPrice', 'decimal')]},
        'CreateOrderRequest': {'kind': 'object', 'full': NS + 'CreateOrderRequest', 'members': [('Customer', 'string', ''), ('Lines', ('list', 'OrderLine'), []), ('Status', 'OrderStatus')] + ([('Coupon', 'string')] if order_extra else [])},
        'Member': {'kind': 'object', 'full': NS + 'Member', 'members': [('Id', 'i32'), ('Name', 'string'), ('Description', 'string'), ('Address', 'string'), ('Value', 'f64'), ('UpdateTime', 'i64')]},
        'Organization': {'kind': 'object', 'full': NS + 'Organization', 'members': [('Id', 'i32'), ('Tags', ('list', 'string')), ('Members', ('list', 'Member'))]},
        'ShipmentStatus': {'kind': 'enum', 'full': NS + 'ShipmentStatus', 'underlying': 'i32', 'values': [('Packed', 0), ('InTransit', 1), ('Delivered', 2)]},
        'Shipment': {'kind': 'object', 'full': NS + 'Shipment', 'members': [('Id', 'i32'), ('Carrier', 'string', ''), ('WeightKg', 'decimal'), ('Status', 'ShipmentStatus'),
                     ('DispatchedAt', 'datetimeoffset'), ('Parcels', ('list', 'string'), [])] + ([] if previous_shipment else [('TrackingUrl', 'string')])},
    }
    # #nullable enable in samples/Contracts: `string` is "!", `string?` "?", List<OrderLine> "!!", string[]? "?!".
    annotations = {
        ('Order', 'Customer'): '!', ('Order', 'Lines'): '!!', ('Order', 'Note'): '!', ('OrderLine', 'Sku'): '!',
        ('CreateOrderRequest', 'Customer'): '!', ('CreateOrderRequest', 'Lines'): '!!', ('CreateOrderRequest', 'Coupon'): '?',
        ('Member', 'Name'): '?', ('Member', 'Description'): '?', ('Member', 'Address'): '?',
        ('Organization', 'Tags'): '?!', ('Organization', 'Members'): '?!',
        ('Shipment', 'Carrier'): '!', ('Shipment', 'Parcels'): '!!', ('Shipment', 'TrackingUrl'): '?',
    }
    roots = ['Order', ('list', 'Order'), 'CreateOrderRequest', 'Organization', 'Member', ('list', 'Member'), 'Shipment']
    return schema_set(roots, named, annotations)

VT = 'Pack.Tests.GoldenVectors.Types.'
def vectors():
    named = {
        'VectorSmallObject': {'kind': 'object', 'full': VT + 'VectorSmallObject', 'members': [('A', 'i32'), ('B', 'i32'), ('C', 'i32'), ('S1', 'string'), ('S2', 'string')]},
        'VectorSmallObjectV1': {'kind': 'object', 'full': VT + 'VectorSmallObjectV1', 'members': [('A', 'i32'), ('B', 'i32'), ('C', 'i32')]},
        'VectorEnvelope': {'kind': 'object', 'full': VT + 'VectorEnvelope', 'members': [('Id', 'i32'), ('Inner', 'VectorSmallObject'), ('Tail', 'u8')]},
        'VectorEnvelopeV1': {'kind': 'object', 'full': VT + 'VectorEnvelopeV1', 'members': [('Id', 'i32'), ('Inner', 'VectorSmallObjectV1'), ('Tail', 'u8')]},
        'VectorEvolved': {'kind': 'object', 'full': VT + 'VectorEvolved', 'members': [('A', 'i32'), ('Name', 'string', 'init'), ('Count', 'i32', 7)]},
        'VectorRecordWithDefault': {'kind': 'object', 'full': VT + 'VectorRecordWithDefault', 'members': [('A', 'i32'), ('B', 'i32', 42)]},
        'VectorPoint3': {'kind': 'frozen-struct', 'full': VT + 'VectorPoint3', 'members': [('X', 'f32'), ('Y', 'f32'), ('Z', 'f32')]},
        'VectorFlagged': {'kind': 'frozen-struct', 'full': VT + 'VectorFlagged', 'members': [('Flag', 'bool'), ('Value', 'i32')]},
        'VectorMesh': {'kind': 'object', 'full': VT + 'VectorMesh', 'members': [('Origin', 'VectorPoint3'), ('Points', ('list', 'VectorPoint3'))]},
        'VectorNamedValue': {'kind': 'object', 'full': VT + 'VectorNamedValue', 'nullable': False, 'members': [('Name', 'string'), ('Value', 'i32')]},
        'VectorNode': {'kind': 'object', 'full': VT + 'VectorNode', 'members': [('Next', 'VectorNode')]},
        'VectorBranch': {'kind': 'object', 'full': VT + 'VectorBranch', 'members': [('Children', ('list', 'VectorBranch'))]},
        'VectorCircle': {'kind': 'object', 'full': VT + 'VectorCircle', 'members': [('Radius', 'f32')]},
        'VectorSquare': {'kind': 'object', 'full': VT + 'VectorSquare', 'members': [('Side', 'i16')]},
        'VectorShape': {'kind': 'union', 'full': VT + 'VectorShape', 'cases': [(0, 'VectorCircle'), (1, 'VectorSquare')]},
        'VectorDrawing': {'kind': 'object', 'full': VT + 'VectorDrawing', 'members': [('Shape', 'VectorShape'), ('Layer', 'u8')]},
        'VectorNumberToken': {'kind': 'frozen-struct', 'full': VT + 'VectorNumberToken', 'members': [('Value', 'i32')]},
        'VectorTextToken': {'kind': 'object', 'full': VT + 'VectorTextToken', 'nullable': False, 'members': [('Text', 'string')]},
        'IVectorToken': {'kind': 'union', 'full': VT + 'IVectorToken', 'cases': [(0, 'VectorNumberToken'), (1, 'VectorTextToken')]},
        'VectorColor': {'kind': 'enum', 'full': VT + 'VectorColor', 'underlying': 'i32', 'values': [('Red', 1), ('Green', 2), ('Blue', 3)]},
        'VectorBigEnum': {'kind': 'enum', 'full': VT + 'VectorBigEnum', 'underlying': 'u64', 'values': [('Huge', 18446744073709551615)]},
        # Tuple and KeyValuePair keys of docs/vectors whose components have their own equality (wire-format §5.1).
        'T(decimal,i32)': {'kind': 'frozen-struct', 'full': 'System.ValueTuple<decimal,i32>', 'members': [('Item1', 'decimal'), ('Item2', 'i32')]},
        'T(datetime,i32)': {'kind': 'frozen-struct', 'full': 'System.ValueTuple<datetime,i32>', 'members': [('Item1', 'datetime'), ('Item2', 'i32')]},
        'T(datetimeoffset,i32)': {'kind': 'frozen-struct', 'full': 'System.ValueTuple<datetimeoffset,i32>', 'members': [('Item1', 'datetimeoffset'), ('Item2', 'i32')]},
        'T(f64,i32)': {'kind': 'frozen-struct', 'full': 'System.ValueTuple<f64,i32>', 'members': [('Item1', 'f64'), ('Item2', 'i32')]},
        'T(decimal,string)': {'kind': 'object', 'full': 'System.ValueTuple<decimal,string>', 'nullable': False, 'members': [('Item1', 'decimal'), ('Item2', 'string')]},
        'KVP(decimal,i32)': {'kind': 'frozen-struct', 'full': 'System.Collections.Generic.KeyValuePair<decimal,i32>', 'members': [('Key', 'decimal'), ('Value', 'i32')]},
    }
    roots = ['VectorSmallObject', 'VectorSmallObjectV1', 'VectorEnvelope', 'VectorEnvelopeV1', 'VectorEvolved', 'VectorRecordWithDefault',
             'VectorPoint3', 'VectorMesh', 'VectorNamedValue', ('nullable', 'VectorNamedValue'), 'VectorNode', 'VectorBranch', 'VectorShape',
             'VectorDrawing', 'IVectorToken', ('list', 'VectorShape'), ('list', 'IVectorToken'), ('list', 'VectorFlagged'), ('list', 'VectorPoint3'), 'VectorColor', 'VectorBigEnum',
             ('map', 'string', 'i32'), ('map', 'decimal', 'i32'), ('map', 'datetimeoffset', 'i32'), ('map', 'f64', 'i32'), ('set', 'string'), ('set', 'f32'),
             ('list', 'i32'), ('list', ('list', 'i32')), ('memory', 'u8'), ('list', 'string'), ('list', 'decimal'), ('list', 'bool'), ('nullable', 'i32'),
             'decimal', 'datetime', 'guid', 'i128', 'f16', 'char', 'timeonly', 'string',
             ('set', 'T(decimal,i32)'), ('set', 'T(datetime,i32)'), ('map', 'T(datetimeoffset,i32)', 'i32'), ('set', 'T(f64,i32)'),
             ('map', 'KVP(decimal,i32)', 'i32'), ('set', 'T(decimal,string)')]
    return schema_set(roots, named)

if __name__ == '__main__':
    here = sys.argv[1] if len(sys.argv) > 1 else '.'
    for name, doc in [('sample-api.schema.json', sample()), ('sample-api.appended.schema.json', sample(order_extra=True)), ('vectors.schema.json', vectors())]:
        with open(f'{here}/{name}', 'w', encoding='utf-8') as f:
            json.dump(doc, f, indent=2, ensure_ascii=False); f.write('\n')
    # docs/schema.md §2.3's worked example, for the canonical-text test
    circle = schema('VectorCircle', {'VectorCircle': {'kind': 'object', 'full': VT + 'VectorCircle', 'members': [('Radius', 'f32')]}})
    print(canonical(circle)); print(canonical(strip(circle)))
