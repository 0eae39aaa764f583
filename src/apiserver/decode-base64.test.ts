import { describe, expect, it } from 'vitest';
import { stdBase64Error } from './decode-base64';

describe('stdBase64Error', () => {
  const cases: [text: string, want: string | undefined][] = [
    ['', undefined], ['aGVsbG8=', undefined], ['aGVsbA==', undefined], ['aGVs\nbG8=\n', undefined], ['aGVsbG8h', undefined],
    ['not base64!', 'illegal base64 data at input byte 3'],
    ['aGVsbG8', 'illegal base64 data at input byte 4'],
    ['aGVsbA=', 'illegal base64 data at input byte 7'],
    ['aGVsbA=x', 'illegal base64 data at input byte 6'],
    ['aGVsbG8=aGVs', 'illegal base64 data at input byte 8'],
    ['a===', 'illegal base64 data at input byte 1'],
    ['-_8=', 'illegal base64 data at input byte 0'],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${want ?? 'ok'}`, () => expect(stdBase64Error(text)).toBe(want));
});
