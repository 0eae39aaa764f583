import { describe, expect, it } from 'vitest';
import { base64DecodeError, decodeBase64, RAW_URL_ENCODING, stdBase64Error } from './go-base64';

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

describe('base64DecodeError with RawURLEncoding', () => {
  const cases: [text: string, want: string | undefined][] = [
    ['', undefined], ['bWFk', undefined], ['bWE', undefined], ['bQ', undefined], ['-_8', undefined],
    ['b', 'illegal base64 data at input byte 0'],
    ['bWFkb', 'illegal base64 data at input byte 4'],
    ['bWE=', 'illegal base64 data at input byte 3'],
    ['a+b', 'illegal base64 data at input byte 1'],
  ];
  for (const [text, want] of cases) it(`${JSON.stringify(text)} → ${want ?? 'ok'}`, () => expect(base64DecodeError(text, RAW_URL_ENCODING)).toBe(want));
});

describe('decodeBase64', () => {
  it('gives the bytes of valid input and throws the CorruptInputError text otherwise', () => {
    expect(decodeBase64('aGVs\nbG8=').toString()).toBe('hello');
    expect([...decodeBase64('bad', RAW_URL_ENCODING)]).toEqual([0x6d, 0xa7]);
    expect(() => decodeBase64('aGVsbG8')).toThrow('illegal base64 data at input byte 4');
  });
});
