import { describe, expect, it } from 'vitest';
import type { OpenAPIDocument } from '../../api/openapi/document';
import { renderPlaintext } from './plaintext';

const ref = (name: string) => ({ allOf: [{ $ref: `#/components/schemas/${name}` }] });
/** DOC is a small document with the shapes kubectl's template distinguishes: refs, arrays, maps, enums, a cycle. */
const DOC: OpenAPIDocument = {
  components: {
    schemas: {
      'x.Widget': {
        description: 'Widget is a thing.', type: 'object', required: ['spec'],
        properties: {
          spec: { description: 'Spec of the widget.', ...ref('x.WidgetSpec') },
          labels: { description: 'Labels.', type: 'object', additionalProperties: { type: 'string' } },
        },
        'x-kubernetes-group-version-kind': [{ group: 'x.io', version: 'v1', kind: 'Widget' }],
      },
      'x.WidgetSpec': {
        description: 'WidgetSpec describes a widget.', type: 'object',
        properties: {
          mode: { description: 'Mode.', type: 'string', enum: ['A', 'B', 'C', 'D', 'E'] },
          parts: { description: 'Parts.', type: 'array', items: ref('x.WidgetSpec') },
          size: { ...ref('x.Quantity') },
        },
      },
      'x.Quantity': { description: 'Quantity is a number.', oneOf: [{ type: 'string' }, { type: 'number' }] },
    },
  },
};
const GVK = { group: 'x.io', version: 'v1', kind: 'Widget' };

describe('renderPlaintext', () => {
  it('prints a kind with its fields, types, required marks and short enums', () => {
    expect(renderPlaintext(DOC, GVK, [], false).text).toBe(`GROUP:      x.io
KIND:       Widget
VERSION:    v1

DESCRIPTION:
    Widget is a thing.
    
FIELDS:
  labels\t<map[string]string>
    Labels.

  spec\t<WidgetSpec> -required-
    Spec of the widget.


`);
  });

  it('prints a field: its own description, then the referenced type\'s, then its fields', () => {
    expect(renderPlaintext(DOC, GVK, ['spec'], false).text).toBe(`GROUP:      x.io
KIND:       Widget
VERSION:    v1

FIELD: spec <WidgetSpec>


DESCRIPTION:
    Spec of the widget.
    WidgetSpec describes a widget.
    
FIELDS:
  mode\t<string>
  enum: A, B, C, D, ....
    Mode.

  parts\t<[]WidgetSpec>
    Parts.

  size\t<Quantity>
    <no description>


`);
  });

  it('lists an enum in full for the field itself', () => {
    expect(renderPlaintext(DOC, GVK, ['spec', 'mode'], false).text).toContain('FIELD: mode <string>\nENUM:\n    A\n    B\n    C\n    D\n    E\n\nDESCRIPTION:\n    Mode.\n    \n\n');
  });

  it('stops recursion at a type already on the path', () => {
    const out = renderPlaintext(DOC, GVK, ['spec'], true).text;
    expect(out).toContain('FIELDS:\n  mode\t<string>\n  enum: A, B, C, D, ....\n  parts\t<[]WidgetSpec>\n  size\t<Quantity>\n\n');
  });

  it('reports a path that leads nowhere after the header, as kubectl does', () => {
    expect(renderPlaintext(DOC, GVK, ['spec', 'nope'], false)).toEqual({
      text: 'GROUP:      x.io\nKIND:       Widget\nVERSION:    v1\n\n', error: 'error: field "nope" does not exist',
    });
    expect(renderPlaintext(DOC, { ...GVK, kind: 'Gadget' }, [], false).error).toBe('error: GVK x.io/v1, Kind=Gadget not found in OpenAPI schema');
  });
});
