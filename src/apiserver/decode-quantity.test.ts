import { describe, expect, it } from 'vitest';
import { QUANTITY_FORMAT_ERROR, QUANTITY_SUFFIX_ERROR, quantityJsonError } from './decode-quantity';

describe('quantityJsonError', () => {
  const cases: [json: string, want: string | undefined][] = [
    ['"100m"', undefined], ['"1Gi"', undefined], ['"1e3"', undefined], ['"1E+3"', undefined], ['1.5', undefined],
    ['"+.5"', undefined], ['" 2Mi "', undefined], ['null', undefined], ['"0"', undefined],
    ['"1.5.5Gi"', QUANTITY_FORMAT_ERROR], ['"1Gb"', QUANTITY_FORMAT_ERROR], ['""', QUANTITY_FORMAT_ERROR],
    ['true', QUANTITY_FORMAT_ERROR], ['{}', QUANTITY_FORMAT_ERROR], ['"1 Gi"', QUANTITY_FORMAT_ERROR],
    ['"1GG"', QUANTITY_SUFFIX_ERROR], ['"5e"', QUANTITY_SUFFIX_ERROR], ['"1m3"', QUANTITY_SUFFIX_ERROR], ['"1KI"', QUANTITY_FORMAT_ERROR],
  ];
  for (const [json, want] of cases) it(`${json} → ${want ?? 'ok'}`, () => expect(quantityJsonError(json)).toBe(want));
});
